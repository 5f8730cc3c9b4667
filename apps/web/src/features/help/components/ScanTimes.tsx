import { Clock } from 'lucide-react';
import { useScanDurations } from '@/features/scans/api';
import { measuredScanTimes, QUICK_HELP_TEXT } from '../quick-help-text';
import { ReferenceHeading } from './ReferenceHeading';

/** The spec's typical scan times, with what this organization's scans measured beside them. */
export function ScanTimes() {
  const durations = useScanDurations();
  const measured = durations.data ? measuredScanTimes(durations.data.durations) : [];
  return (
    <section className="space-y-2 rounded-lg border p-3" data-testid="scan-times">
      <ReferenceHeading icon={Clock}>Scan times</ReferenceHeading>
      <p className="text-sm">{QUICK_HELP_TEXT.scanTimes}</p>
      {durations.data && measured.length === 0 && (
        <p className="text-xs text-muted-foreground">{QUICK_HELP_TEXT.unmeasured}</p>
      )}
      {measured.length > 0 && (
        <div className="space-y-1">
          <p className="text-xs font-medium">{QUICK_HELP_TEXT.measuredTitle}</p>
          <ul className="list-disc space-y-1 pl-5 text-xs text-muted-foreground">
            {measured.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
