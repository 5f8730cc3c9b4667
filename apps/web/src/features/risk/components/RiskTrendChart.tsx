import { RISK_RANGE_HOURS, type TRiskRange, type TRiskTrendPoint } from '@netguard/contracts';
import { LineChart } from 'lucide-react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RiskEmptyState } from '@/features/risk/components/RiskEmptyState';
import { RANGE_LABELS } from '@/features/risk/risk-format';
import { formatDateTime } from '@/lib/format';

const HOUR = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

type Props = { range: TRiskRange; points: readonly TRiskTrendPoint[] };

/** The Trend Analysis tab: summed risk of the open vulnerabilities over the range. */
export function RiskTrendChart({ range, points }: Props) {
  if (points.length === 0)
    return (
      <RiskEmptyState
        icon={LineChart}
        title="No risk recorded in this range"
        hint="A point is recorded as scans complete; the chart fills as they do."
      />
    );
  const tick = range === '24h' ? HOUR : DAY;
  const data = points.map((p) => ({ ...p, time: Date.parse(p.at) }));
  // The axis spans the whole range, so a lone point sits at its moment, not mid-chart.
  const end = Math.max(Date.now(), ...data.map((p) => p.time));
  const start = end - RISK_RANGE_HOURS[range] * 3_600_000;
  return (
    <Card className="gap-4" data-testid="risk-trend">
      <CardHeader>
        <CardTitle>Total risk over time</CardTitle>
        <CardDescription>
          Summed risk score of the open vulnerabilities, {RANGE_LABELS[range].toLowerCase()}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="time"
                type="number"
                scale="time"
                domain={[start, end]}
                tickFormatter={(t: number) => tick.format(t)}
                fontSize={11}
              />
              <YAxis yAxisId="risk" allowDecimals={false} fontSize={11} />
              <YAxis yAxisId="count" orientation="right" allowDecimals={false} fontSize={11} />
              <Tooltip
                labelFormatter={(t) => formatDateTime(new Date(Number(t)).toISOString())}
                formatter={(value, name) => [Math.round(Number(value)), name]}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Area
                yAxisId="risk"
                name="Total risk"
                type="monotone"
                dataKey="total_risk"
                stroke="#7c3aed"
                fill="#ede9fe"
                isAnimationActive={false}
              />
              <Area
                yAxisId="count"
                name="Open vulnerabilities"
                type="monotone"
                dataKey="open_vulnerabilities"
                stroke="#64748b"
                fill="none"
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
