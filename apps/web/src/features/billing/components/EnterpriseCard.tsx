import { BILLING_TEXT, featureLines, UNLIMITED_SCANS } from '@netguard/contracts';
import { Crown } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FeatureList } from '@/features/billing/components/PlanParts';

/** Shown to Enterprise subscribers instead of the plan cards. */
export function EnterpriseCard() {
  return (
    <Card className="border-violet-200 bg-linear-to-r from-blue-50 to-violet-50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Crown className="size-6 text-violet-600" aria-hidden="true" />
          {BILLING_TEXT.enterpriseCard}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-muted-foreground">You have every NetGuard feature:</p>
        <FeatureList
          className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
          lines={[UNLIMITED_SCANS, ...featureLines('Professional'), ...featureLines('Enterprise')]}
        />
      </CardContent>
    </Card>
  );
}
