import { Gauge } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { SEVERITY_GUIDANCE, type SeverityGuidance } from '../severity-guidance';
import { ReferenceHeading } from './ReferenceHeading';

const SEVERITY_CLASSES: Record<SeverityGuidance['severity'], string> = {
  Critical: 'bg-red-600 text-white',
  High: 'bg-orange-500 text-white',
  Medium: 'bg-yellow-400 text-yellow-950',
  Low: 'bg-blue-500 text-white',
};

export function SeverityGuide() {
  return (
    <section className="space-y-3">
      <ReferenceHeading icon={Gauge}>Response times by severity</ReferenceHeading>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {SEVERITY_GUIDANCE.map((entry) => (
          <li key={entry.severity} className="space-y-2 rounded-lg border p-3">
            <Badge className={SEVERITY_CLASSES[entry.severity]}>{entry.severity}</Badge>
            <p className="text-sm font-semibold">{entry.target}</p>
            <p className="text-xs leading-relaxed text-muted-foreground">{entry.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
