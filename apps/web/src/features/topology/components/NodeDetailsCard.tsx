import type { TTopologyGraph } from '@netguard/contracts';
import { Activity, ChevronDown, Radar, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { ASSET_TEXT } from '@/features/assets/asset-text';
import { AssetContextEditor } from '@/features/assets/components/AssetContextEditor';
import { PingResultLine } from '@/features/topology/components/PingResultLine';
import { PortScanConfirm } from '@/features/topology/components/PortScanConfirm';
import { STATUS_COLOURS, trafficColour } from '@/features/topology/topology-colours';
import type { TPositionedNode } from '@/features/topology/topology-layout';
import {
  LINK_LABELS,
  STATUS_LABELS,
  TOPOLOGY_TEXT as T,
  TYPE_LABELS,
} from '@/features/topology/topology-text';
import { linkTrafficText } from '@/features/topology/topology-traffic';
import { useNodeActions } from '@/features/topology/use-node-actions';
import { formatDateTime } from '@/lib/format';

type Props = {
  node: TPositionedNode;
  graph: TTopologyGraph;
  onClose: () => void;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate text-right font-medium">{children}</dd>
    </div>
  );
}

/**
 * The clicked node: name, IP, type, status, its connections, its asset context (scanned hosts),
 * and the Ping Test and Port Scan actions.
 */
export function NodeDetailsCard({ node, graph, onClose }: Props) {
  const actions = useNodeActions(node.ip);
  const [confirming, setConfirming] = useState(false);
  const scanned = graph.source === 'scans' && !node.inferred;
  const labels = new Map(graph.nodes.map((n) => [n.id, n.label]));
  const connections = graph.links.filter((l) => l.from === node.id || l.to === node.id);
  return (
    <Card className="gap-4 py-4 shadow-lg" data-testid="node-details" aria-label={T.nodeDetails}>
      <CardHeader className="px-4">
        <CardTitle className="truncate text-base" title={node.label}>
          {node.label}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 px-4">
        <dl className="space-y-1.5">
          <Row label={T.ipAddress}>{node.ip}</Row>
          <Row label={T.type}>{TYPE_LABELS[node.type]}</Row>
          <Row label={T.status}>
            <Badge variant="outline" className="gap-1.5">
              <span
                className="size-2 rounded-full"
                style={{ background: STATUS_COLOURS[node.status] }}
              />
              {STATUS_LABELS[node.status]}
            </Badge>
          </Row>
          {scanned && <Row label="Open services">{node.services}</Row>}
          {scanned && <Row label="Open high/critical findings">{node.risks}</Row>}
          {node.last_seen_at && <Row label="Last seen">{formatDateTime(node.last_seen_at)}</Row>}
        </dl>
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{T.connections}</p>
          <ul className="space-y-1 text-sm" aria-label={T.connections}>
            {connections.map((link) => {
              const peer = link.from === node.id ? link.to : link.from;
              return (
                <li key={peer} className="flex items-center justify-between gap-2">
                  <span className="truncate">{labels.get(peer) ?? peer}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {LINK_LABELS[link.type]} ·{' '}
                    <span
                      className="font-semibold"
                      style={link.traffic === null ? {} : { color: trafficColour(link.traffic) }}
                      data-testid="link-traffic"
                    >
                      {linkTrafficText(link)}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        {scanned && (
          <Collapsible>
            <CollapsibleTrigger className="group flex w-full items-center justify-between rounded-sm text-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring">
              {ASSET_TEXT.title}
              <ChevronDown
                className="size-4 text-muted-foreground transition-transform group-data-[state=closed]:-rotate-90"
                aria-hidden="true"
              />
            </CollapsibleTrigger>
            <CollapsibleContent className="pt-2">
              <AssetContextEditor host={node.ip} heading={false} />
            </CollapsibleContent>
          </Collapsible>
        )}
        {actions.ping.data && <PingResultLine result={actions.ping.data} />}
        {!scanned && (
          <p className="text-xs text-muted-foreground">
            {graph.source === 'sample' ? T.sampleActions : T.inferredActions}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2 px-4">
        <Button size="sm" disabled={!scanned || actions.ping.isPending} onClick={actions.runPing}>
          <Activity aria-hidden="true" />
          {actions.ping.isPending ? 'Pinging...' : T.pingTest}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!scanned || actions.portScan.isPending}
          onClick={() => setConfirming(true)}
        >
          <Radar aria-hidden="true" />
          {T.portScan}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          <X aria-hidden="true" />
          {T.close}
        </Button>
      </CardFooter>
      {confirming && (
        <PortScanConfirm
          host={node.ip}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            actions.runPortScan();
          }}
        />
      )}
    </Card>
  );
}
