import { PACKET_TOP_HOSTS, type TPacketStats } from '@netguard/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBytes } from '@/features/packets/packet-format';

/** The five busiest addresses, by packets sent or received. */
export function TopHosts({ stats }: { stats: TPacketStats }) {
  const hosts = stats.top_hosts.slice(0, PACKET_TOP_HOSTS);
  return (
    <Card className="gap-4" data-testid="top-hosts">
      <CardHeader>
        <CardTitle>Top Hosts</CardTitle>
      </CardHeader>
      <CardContent>
        {hosts.length === 0 && <p className="text-sm text-muted-foreground">No hosts yet.</p>}
        <ol className="space-y-2">
          {hosts.map((host, index) => (
            <li key={host.host} className="flex items-center gap-3 text-sm">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 truncate font-mono text-xs" title={host.host}>
                {host.host}
              </span>
              <span className="text-right text-xs text-muted-foreground tabular-nums">
                {host.packets.toLocaleString('en-US')} pkts · {formatBytes(host.bytes)}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
