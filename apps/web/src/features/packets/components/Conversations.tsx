import type { TPacketStats } from '@netguard/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBytes } from '@/features/packets/packet-format';

/** Address pairs that talked most, with their packets and bytes in both directions. */
export function Conversations({ stats }: { stats: TPacketStats }) {
  return (
    <Card className="gap-4" data-testid="conversations">
      <CardHeader>
        <CardTitle>Conversations</CardTitle>
      </CardHeader>
      <CardContent>
        {stats.conversations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No conversations yet.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th className="pb-2 font-medium">Address A</th>
                <th className="pb-2 font-medium">Address B</th>
                <th className="pb-2 pl-3 text-right font-medium">Packets</th>
                <th className="pb-2 pl-3 text-right font-medium">Bytes</th>
              </tr>
            </thead>
            <tbody>
              {stats.conversations.map((c) => (
                <tr key={`${c.a}-${c.b}`} className="border-b last:border-0">
                  <td className="max-w-40 truncate py-1.5 font-mono text-xs" title={c.a}>
                    {c.a}
                  </td>
                  <td className="max-w-40 truncate py-1.5 font-mono text-xs" title={c.b}>
                    {c.b}
                  </td>
                  <td className="py-1.5 pl-3 text-right whitespace-nowrap tabular-nums">
                    {c.packets.toLocaleString('en-US')}
                  </td>
                  <td className="py-1.5 pl-3 text-right whitespace-nowrap tabular-nums">
                    {formatBytes(c.bytes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
