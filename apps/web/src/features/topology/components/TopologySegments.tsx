import type { TTopologyGraph } from '@netguard/contracts';
import { Layers, ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { IconCard } from '@/features/dashboard/components/IconCard';
import { TOPOLOGY_TEXT as T, zoneLabel } from '@/features/topology/topology-text';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The Network Segments and Security Zones cards. */
export function TopologySegments({ graph }: { graph: TTopologyGraph }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <IconCard icon={Layers} title={T.segments}>
        <ul className="space-y-2 text-sm" data-testid="topology-segments">
          {graph.segments.map((segment) => (
            <li key={segment.id} className="flex items-center justify-between gap-2">
              <span className="truncate">
                {segment.note ? `${segment.name} (${segment.note})` : segment.name}
              </span>
              <Badge variant="secondary">{plural(segment.devices, 'device')}</Badge>
            </li>
          ))}
        </ul>
      </IconCard>
      <IconCard icon={ShieldCheck} title={T.zones}>
        <ul className="space-y-2 text-sm" data-testid="topology-zones">
          {graph.zones.map((zone) => (
            <li key={zone.id} className="flex items-center justify-between gap-2">
              <span>{zoneLabel(zone.id)}</span>
              <Badge variant="outline">{plural(zone.segments, 'segment')}</Badge>
            </li>
          ))}
        </ul>
        {graph.source === 'scans' && (
          <p className="mt-3 text-xs text-muted-foreground">{T.zonesDefinition}</p>
        )}
      </IconCard>
    </div>
  );
}
