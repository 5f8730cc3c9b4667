import { formatDuration } from '@netguard/contracts';
import { Gauge, PieChart, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconCard } from '@/features/dashboard/components/IconCard';
import { MetricBar } from '@/features/dashboard/components/MetricBar';
import { METRIC_DEFINITIONS as D } from '@/features/dashboard/metric-definitions';
import type { TAnalyticsView, TFigure } from '@/features/dashboard/metrics';
import { VerdictDetails } from '@/features/verdicts/components/VerdictDetails';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between text-sm" data-testid="analytics-row">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums">{children}</span>
    </div>
  );
}

const percent = (value: number) => `${value}%`;

/** A figure in its unit, or "—" followed by why it has no value yet. */
function Value({ figure, format }: { figure: TFigure; format: (value: number) => string }) {
  if (figure.value !== null) return format(figure.value);
  return (
    <>
      —<span className="ml-2 text-xs font-normal text-muted-foreground">{figure.missing}</span>
    </>
  );
}

/** Scan Performance, Risk Distribution and Security Score (subscribers only). */
export function AnalyticsTab({ view }: { view: TAnalyticsView }) {
  const { risk, securityScore } = view;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <IconCard icon={Timer} title="Scan Performance" contentClassName="space-y-3">
        <Row label="Average duration">
          <Value figure={view.avgDurationSeconds} format={formatDuration} />
        </Row>
        <Row label="Success rate">
          <Value figure={view.successRate} format={percent} />
        </Row>
      </IconCard>
      <IconCard icon={PieChart} title="Risk Distribution" contentClassName="space-y-3">
        <Row label="High">
          <span className="text-red-600">{risk ? `${risk.high}%` : '—'}</span>
        </Row>
        <Row label="Medium">
          <span className="text-amber-600">{risk ? `${risk.medium}%` : '—'}</span>
        </Row>
        <Row label="Low">
          <span className="text-emerald-600">{risk ? `${risk.low}%` : '—'}</span>
        </Row>
        {!risk && <p className="text-xs text-muted-foreground">{view.riskMissing}</p>}
      </IconCard>
      <IconCard icon={Gauge} title="Security Score" contentClassName="space-y-3">
        <p className="text-4xl font-bold tabular-nums" data-testid="security-score">
          {securityScore.value ?? '—'}
          <span className="text-lg font-medium text-muted-foreground">/100</span>
        </p>
        <MetricBar
          label="Overall posture"
          figure={securityScore}
          suffix=""
          definition={
            view.securityScoreVerdict ? (
              <VerdictDetails verdict={view.securityScoreVerdict} />
            ) : (
              D.securityScore
            )
          }
        />
      </IconCard>
    </div>
  );
}
