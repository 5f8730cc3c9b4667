import type { TSiemStats } from '@netguard/contracts';
import { formatLatency } from '@/features/siem/siem-format';
import { formatCount } from '@/lib/format';

/** Backlog, delivered, dead-lettered and p95 latency of one integration. */
export function IntegrationStats({ stats }: { stats: TSiemStats }) {
  const items = [
    { label: 'Backlog', value: formatCount(stats.backlog) },
    { label: 'Delivered', value: formatCount(stats.delivered) },
    { label: 'Dead letters', value: formatCount(stats.deadLettered) },
    { label: 'p95 latency', value: formatLatency(stats.p95LatencyMs) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(({ label, value }) => (
        <div key={label} className="rounded-md bg-muted/50 p-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
