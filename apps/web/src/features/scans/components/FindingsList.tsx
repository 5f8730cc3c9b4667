import type { TScanVulnerability } from '@netguard/contracts';
import { FindingItem } from '@/features/scans/components/FindingItem';
import { sortFindings } from '@/features/scans/detail-view';

/** The scan's findings, most severe first. */
export function FindingsList({ findings }: { findings: readonly TScanVulnerability[] }) {
  if (findings.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No findings yet.</p>;
  }
  return (
    <ul className="space-y-2" aria-label="Findings">
      {sortFindings(findings).map((finding) => (
        <FindingItem key={finding.id} finding={finding} />
      ))}
    </ul>
  );
}
