import type { TTopologyGraph, TTopologySummary } from '@netguard/contracts';
import { Gauge, Layers, Network, Server } from 'lucide-react';
import { StatCard } from '@/features/dashboard/components/StatCard';
import { averageTraffic } from '@/features/topology/topology-traffic';

/** "6 online, 1 warning", with offline devices only when there are some. */
export function devicesDetail(summary: TTopologySummary): string {
  const parts = [`${summary.online} online`, `${summary.warning} warning`];
  if (summary.offline > 0) parts.push(`${summary.offline} offline`);
  return parts.join(', ');
}

/** Seen devices, segments, active connections and measured average traffic of the diagram. */
export function TopologySummaryCards({ graph }: { graph: TTopologyGraph }) {
  const { summary } = graph;
  const traffic = averageTraffic(graph);
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="topology-summary">
      <StatCard
        title="Total Devices"
        value={summary.devices}
        detail={devicesDetail(summary)}
        icon={Server}
      />
      <StatCard
        title="Network Segments"
        value={summary.segments}
        detail={
          graph.source === 'sample' ? 'Sample segments' : 'Subnets (/24) with discovered hosts'
        }
        icon={Layers}
        tone="violet"
      />
      <StatCard
        title="Active Connections"
        value={summary.connections}
        detail="Links with both ends up"
        icon={Network}
        tone="emerald"
      />
      <StatCard
        title="Avg Traffic"
        value={traffic.value}
        detail={traffic.detail}
        icon={Gauge}
        tone="red"
      />
    </div>
  );
}
