import type { TPacketStats } from '@netguard/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { protocolColour } from '@/features/packets/protocol-colours';

const SHOWN = 8;

/** Share of packets per protocol, largest first, as coloured bars. */
export function ProtocolDistribution({ stats }: { stats: TPacketStats }) {
  const rows = stats.protocols.slice(0, SHOWN);
  const rest = stats.protocols.slice(SHOWN).reduce((sum, p) => sum + p.packets, 0);
  return (
    <Card className="gap-4" data-testid="protocol-distribution">
      <CardHeader>
        <CardTitle>Protocol Distribution</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {rows.length === 0 && <p className="text-sm text-muted-foreground">No packets yet.</p>}
        {rows.map((row) => {
          const percent = stats.packets > 0 ? (row.packets / stats.packets) * 100 : 0;
          return (
            <div key={row.protocol} className="space-y-1" data-protocol={row.protocol}>
              <div className="flex justify-between text-sm">
                <span className="font-medium">{row.protocol}</span>
                <span className="text-muted-foreground tabular-nums">
                  {row.packets.toLocaleString('en-US')} ({percent.toFixed(1)}%)
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted">
                <div
                  className="h-full rounded-full"
                  style={{ width: `${percent}%`, background: protocolColour(row.protocol).fill }}
                />
              </div>
            </div>
          );
        })}
        {rest > 0 && (
          <p className="text-xs text-muted-foreground">
            and {rest.toLocaleString('en-US')} packets of {stats.protocols.length - SHOWN} other
            protocols
          </p>
        )}
      </CardContent>
    </Card>
  );
}
