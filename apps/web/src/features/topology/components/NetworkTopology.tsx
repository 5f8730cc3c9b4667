import { DEFAULT_TOPOLOGY_SETTINGS, type TTopologySettings } from '@netguard/contracts';
import { Network } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/PageHeader';
import { Skeleton } from '@/components/ui/skeleton';
import { DataUnavailable } from '@/features/dashboard/components/DataUnavailable';
import { useSaveTopologySettings, useTopology, useTopologySettings } from '@/features/topology/api';
import { SampleNotice } from '@/features/topology/components/SampleNotice';
import { TopologyMapCard } from '@/features/topology/components/TopologyMapCard';
import { TopologySegments } from '@/features/topology/components/TopologySegments';
import { TopologySummaryCards } from '@/features/topology/components/TopologySummaryCards';
import { TopologyToolbar } from '@/features/topology/components/TopologyToolbar';
import {
  downloadText,
  exportFileName,
  graphDocument,
  svgDocument,
} from '@/features/topology/topology-export';
import { layoutTopology } from '@/features/topology/topology-layout';
import { TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';
import { useLiveTopology } from '@/features/topology/use-live-topology';
import { errorMessage } from '@/lib/api-client';

/** The Network Topology page: toolbar, summary, the diagram and the segment cards. */
export function NetworkTopology() {
  useLiveTopology();
  const topology = useTopology();
  const stored = useTopologySettings();
  const save = useSaveTopologySettings();
  const settings = stored.data ?? DEFAULT_TOPOLOGY_SETTINGS;
  const svgRef = useRef<SVGSVGElement>(null);
  const graph = topology.data;
  const drawing = useMemo(
    () => (graph ? layoutTopology(graph.nodes, graph.links, settings.layout) : null),
    [graph, settings.layout],
  );

  const refresh = async () => {
    const result = await topology.refetch();
    if (result.isSuccess) toast.success(T.refreshed);
  };
  const saveSettings = (next: TTopologySettings) =>
    save.mutate(next, {
      onError: (error) => toast.error(T.settingsFailed, { description: errorMessage(error) }),
    });
  const exportAs = (format: 'svg' | 'json') => {
    if (format === 'svg' && svgRef.current) {
      downloadText(exportFileName('svg'), 'image/svg+xml', svgDocument(svgRef.current));
    }
    if (format === 'json' && graph && drawing) {
      const doc = graphDocument(graph, drawing.nodes, settings);
      downloadText(exportFileName('json'), 'application/json', JSON.stringify(doc, null, 2));
    }
  };

  return (
    <div className="space-y-6" data-testid="network-topology">
      <PageHeader
        icon={Network}
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <TopologyToolbar
            settings={settings}
            onSettings={saveSettings}
            refreshing={topology.isFetching}
            onRefresh={refresh}
            onExport={exportAs}
          />
        }
      />
      {topology.isError && !graph && <DataUnavailable onRetry={() => void topology.refetch()} />}
      {!graph && topology.isPending && <Skeleton className="aspect-[8/5] w-full" />}
      {graph && drawing && (
        <>
          {graph.source === 'sample' && <SampleNotice />}
          <TopologySummaryCards graph={graph} />
          <TopologyMapCard graph={graph} drawing={drawing} settings={settings} svgRef={svgRef} />
          <TopologySegments graph={graph} />
        </>
      )}
    </div>
  );
}
