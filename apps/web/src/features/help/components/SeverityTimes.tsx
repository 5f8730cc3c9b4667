import { Gauge } from 'lucide-react';
import { QUICK_HELP_TEXT } from '../quick-help-text';
import { ReferenceHeading } from './ReferenceHeading';

export function SeverityTimes() {
  return (
    <section className="space-y-2 rounded-lg border p-3">
      <ReferenceHeading icon={Gauge}>Severity guidance</ReferenceHeading>
      <p className="text-sm">{QUICK_HELP_TEXT.severity}</p>
    </section>
  );
}
