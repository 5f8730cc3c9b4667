import { TOPOLOGY_SIZE, type TTopologyGraph, type TTopologySettings } from '@netguard/contracts';
import { type Ref, useCallback, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { NodeDetailsCard } from '@/features/topology/components/NodeDetailsCard';
import { TopologyDiagram } from '@/features/topology/components/TopologyDiagram';
import { TopologyLegend } from '@/features/topology/components/TopologyLegend';
import type { TTopologyDrawing } from '@/features/topology/topology-layout';
import { TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';
import { cn } from '@/lib/utils';

type Props = {
  graph: TTopologyGraph;
  drawing: TTopologyDrawing;
  settings: TTopologySettings;
  svgRef: Ref<SVGSVGElement>;
};

/** The diagram with the clicked node's details over its corner and the legend below. */
export function TopologyMapCard({ graph, drawing, settings, svgRef }: Props) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const onSelect = useCallback((id: string) => setSelectedId(id), []);
  const selected = drawing.nodes.find((n) => n.id === selectedId);
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle>Network Map</CardTitle>
        {graph.source === 'sample' && <Badge variant="secondary">{T.sampleBadge}</Badge>}
        {graph.hosts_found > graph.hosts_drawn && (
          <span className="text-xs text-muted-foreground" data-testid="hosts-truncated">
            {T.truncated(graph.hosts_drawn, graph.hosts_found)}
          </span>
        )}
      </CardHeader>
      <CardContent className="relative">
        <div className="overflow-hidden rounded-lg border">
          <TopologyDiagram
            source={graph.source}
            drawing={drawing}
            settings={settings}
            selectedId={selectedId}
            onSelect={onSelect}
            svgRef={svgRef}
          />
        </div>
        {selected && (
          <div
            className={cn(
              // Never taller than the map: a long panel (the asset context open) scrolls.
              'mt-4 sm:absolute sm:top-3 sm:mt-0 sm:max-h-[calc(100%-1.5rem)] sm:w-72 sm:overflow-y-auto sm:rounded-xl',
              // Over the half of the drawing away from the node, so the node stays in view.
              selected.x > TOPOLOGY_SIZE.width / 2 ? 'sm:left-9' : 'sm:right-9',
            )}
          >
            <NodeDetailsCard
              key={selected.id}
              node={selected}
              graph={graph}
              onClose={() => setSelectedId(null)}
            />
          </div>
        )}
      </CardContent>
      <CardFooter>
        <TopologyLegend />
      </CardFooter>
    </Card>
  );
}
