import { TOPOLOGY_SIZE, type TTopologyGraph, type TTopologySettings } from '@netguard/contracts';
import { memo, type Ref } from 'react';
import {
  TopologyLinkLine,
  TrafficFlow,
  TrafficLabel,
} from '@/features/topology/components/TopologyLinkLine';
import { TopologyNodeGlyph } from '@/features/topology/components/TopologyNodeGlyph';
import {
  MIN_GAP,
  type TRoutedLink,
  type TTopologyDrawing,
} from '@/features/topology/topology-layout';
import { TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';
import { useFlowTick } from '@/features/topology/use-flow-tick';

const linkKey = (link: TRoutedLink) => `${link.from}>${link.to}`;

/** The only part redrawn on every 100 ms tick; left out of the exported SVG. */
function TrafficFlows({ links }: { links: readonly TRoutedLink[] }) {
  const tick = useFlowTick();
  return (
    <g data-export="skip">
      {links.map((link) => (
        <TrafficFlow key={linkKey(link)} link={link} tick={tick} />
      ))}
    </g>
  );
}

type Props = {
  source: TTopologyGraph['source'];
  drawing: TTopologyDrawing;
  settings: TTopologySettings;
  selectedId: string | null;
  onSelect: (id: string) => void;
  svgRef: Ref<SVGSVGElement>;
};

/** The 800x500 diagram: links, their traffic and the devices, in plain SVG so it exports as is. */
export const TopologyDiagram = memo(function TopologyDiagram({
  source,
  drawing,
  settings,
  selectedId,
  onSelect,
  svgRef,
}: Props) {
  const { width, height } = TOPOLOGY_SIZE;
  return (
    <svg
      ref={svgRef}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full select-none"
      aria-label={T.title}
      data-testid="topology-diagram"
      data-source={source}
      data-layout={settings.layout}
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      <title>{T.title}</title>
      <rect width={width} height={height} fill="#ffffff" />
      <g>
        {drawing.links.map((link) => (
          <TopologyLinkLine key={linkKey(link)} link={link} />
        ))}
      </g>
      {settings.animate_traffic && <TrafficFlows links={drawing.links} />}
      {settings.show_traffic && (
        <g>
          {drawing.links.map((link) => (
            <TrafficLabel key={linkKey(link)} link={link} />
          ))}
        </g>
      )}
      <g>
        {drawing.nodes.map((node) => (
          <TopologyNodeGlyph
            key={node.id}
            node={node}
            place={drawing.labels.get(node.id) ?? { side: 'below', room: MIN_GAP }}
            selected={node.id === selectedId}
            showIp={settings.show_ip}
            onSelect={onSelect}
          />
        ))}
      </g>
    </svg>
  );
});
