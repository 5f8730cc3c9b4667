import type { TCloudScan } from '@netguard/contracts';
import { ComparisonCard } from '@/features/cloud/components/ComparisonCard';

/** Each connection's newest result compared with the scan before it. */
export function ComparisonView({ results }: { results: readonly TCloudScan[] }) {
  const compared = results.filter((scan) => scan.status !== 'error' && scan.status !== 'cancelled');
  if (compared.length === 0)
    return (
      <p className="text-sm text-muted-foreground">A comparison shows after the first scan.</p>
    );
  return (
    <div className="space-y-4">
      {compared.map((scan) => (
        <ComparisonCard key={scan.id} scan={scan} />
      ))}
    </div>
  );
}
