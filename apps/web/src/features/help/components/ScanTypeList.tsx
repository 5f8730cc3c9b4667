import { SCAN_TYPES } from '@netguard/contracts';
import { Clock, ListChecks } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ReferenceHeading } from './ReferenceHeading';

export function ScanTypeList() {
  return (
    <section className="space-y-3">
      <ReferenceHeading icon={ListChecks}>Scan types and estimated durations</ReferenceHeading>
      <ul className="divide-y rounded-lg border">
        {SCAN_TYPES.map((scanType) => (
          <li
            key={scanType.value}
            className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm"
          >
            <span>
              <span className="font-medium">{scanType.label}</span>
              {scanType.description !== '' && (
                <span className="text-muted-foreground"> ({scanType.description})</span>
              )}
            </span>
            <Badge variant="outline" className="gap-1 text-muted-foreground">
              <Clock />
              {scanType.duration}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
