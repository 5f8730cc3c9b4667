import { describeCoverage, SCAN_TYPES } from '@netguard/contracts';
import { ListChecks } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ReferenceHeading } from './ReferenceHeading';

export function ScanTypeList() {
  return (
    <section className="space-y-3">
      <ReferenceHeading icon={ListChecks}>Scan types and their ports</ReferenceHeading>
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
            <Badge variant="outline" className="text-muted-foreground">
              {describeCoverage(scanType.value).ports}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
