import type { TCloudScan } from '@netguard/contracts';
import { ScanResultCard } from '@/features/cloud/components/ScanResultCard';

type Props = { results: readonly TCloudScan[]; showMuted: boolean };

/** The newest result of each connection. */
export function ScanResultsList({ results, showMuted }: Props) {
  if (results.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No results yet. Connect a provider and run a multi-cloud scan.
      </p>
    );
  return (
    <div className="space-y-4">
      {results.map((scan) => (
        <ScanResultCard key={scan.id} scan={scan} showMuted={showMuted} />
      ))}
    </div>
  );
}
