import { createPacketStats, type TPacketStats } from '@netguard/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Conversations } from '@/features/packets/components/Conversations';
import { ProtocolDistribution } from '@/features/packets/components/ProtocolDistribution';
import { TopHosts } from '@/features/packets/components/TopHosts';

// Recharts is most of this page's code: loaded on its own so the list and filters show first.
const RateChart = lazy(() =>
  import('@/features/packets/components/RateChart').then((m) => ({ default: m.RateChart })),
);

const EMPTY: TPacketStats = createPacketStats().result();

/** Protocol Distribution and Top Hosts beside the details, then the rate chart and conversations. */
export function PacketInsights({
  stats,
  details,
}: {
  stats: TPacketStats | undefined;
  details: ReactNode;
}) {
  const shown = stats ?? EMPTY;
  return (
    <>
      <div className="grid gap-4 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">{details}</div>
        <div className="grid content-start gap-4 md:grid-cols-2 xl:grid-cols-1">
          <ProtocolDistribution stats={shown} />
          <TopHosts stats={shown} />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <RateChart stats={shown} />
        </Suspense>
        <Conversations stats={shown} />
      </div>
    </>
  );
}
