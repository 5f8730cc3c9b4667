import { Lock, Radar, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DATA_SECURITY, SCANNING_GUIDELINES } from '../best-practices';
import { transitProtection } from '../help-claims';
import { PracticeList } from './PracticeList';

export function BestPracticesCard() {
  const transit = transitProtection(window.location.protocol);
  return (
    <Card className="border-primary/20 bg-primary/[0.03]">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldCheck className="size-5 text-primary" />
          Security Best Practices
        </CardTitle>
        <CardDescription>Habits that keep scanning safe and your results private.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <PracticeList title="Scanning Guidelines" icon={Radar} items={SCANNING_GUIDELINES} />
        <PracticeList
          title="Data Security"
          icon={Lock}
          items={transit.encrypted ? [transit.text, ...DATA_SECURITY] : DATA_SECURITY}
          warnings={transit.encrypted ? [] : [transit.text]}
        />
      </CardContent>
    </Card>
  );
}
