import type { TPacketStats } from '@netguard/contracts';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatRate } from '@/features/packets/packet-format';
import { rateSeries } from '@/features/packets/packet-rate';

/** Packets per second over the capture, averaged into wider bars for long captures. */
export function RateChart({ stats }: { stats: TPacketStats }) {
  const { points, width } = useMemo(() => rateSeries(stats.per_second), [stats.per_second]);
  return (
    <Card className="gap-4" data-testid="rate-chart">
      <CardHeader>
        <CardTitle>Packets per Second</CardTitle>
        <CardDescription>
          {width === 1
            ? 'Each bar is one second of the capture.'
            : `Each bar averages ${width} seconds.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {points.length === 0 ? (
          <p className="text-sm text-muted-foreground">No packets yet.</p>
        ) : (
          <div className="h-56">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="second" tickFormatter={(s: number) => `${s}s`} fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} />
                <Tooltip
                  formatter={(value) => [formatRate(Number(value)), 'packets/s']}
                  labelFormatter={(s) => `+${s} s`}
                />
                <Bar dataKey="rate" fill="#3b82f6" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
