import { Gauge, PieChart, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconCard } from '@/features/dashboard/components/IconCard';
import { MetricBar } from '@/features/dashboard/components/MetricBar';
import type { TAnalyticsView } from '@/features/dashboard/metrics';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums">{children}</span>
    </div>
  );
}

/** Scan Performance, Risk Distribution and Security Score (subscribers only). */
export function AnalyticsTab({ view }: { view: TAnalyticsView }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <IconCard icon={Timer} title="Scan Performance" contentClassName="space-y-3">
        <Row label="Average duration">{view.avgDurationMinutes}m</Row>
        <Row label="Success rate">{view.successRate}%</Row>
      </IconCard>
      <IconCard icon={PieChart} title="Risk Distribution" contentClassName="space-y-3">
        <Row label="High">
          <span className="text-red-600">{view.risk.high}%</span>
        </Row>
        <Row label="Medium">
          <span className="text-amber-600">{view.risk.medium}%</span>
        </Row>
        <Row label="Low">
          <span className="text-emerald-600">{view.risk.low}%</span>
        </Row>
      </IconCard>
      <IconCard icon={Gauge} title="Security Score" contentClassName="space-y-3">
        <p className="text-4xl font-bold tabular-nums">
          {view.securityScore}
          <span className="text-lg font-medium text-muted-foreground">/100</span>
        </p>
        <MetricBar label="Overall posture" value={view.securityScore} suffix="" />
      </IconCard>
    </div>
  );
}
