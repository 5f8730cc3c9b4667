import type { ReactNode } from 'react';
import { Progress } from '@/components/ui/progress';
import { MetricInfo } from '@/features/dashboard/components/MetricInfo';
import type { TFigure } from '@/features/dashboard/metrics';

type MetricBarProps = { label: string; figure: TFigure; suffix?: string; definition?: ReactNode };

/** A labelled percentage with a progress bar, or "—" and why there is no value yet. */
export function MetricBar({ label, figure, suffix = '%', definition }: MetricBarProps) {
  const { value, missing } = figure;
  return (
    <div className="space-y-2" data-testid="metric" data-label={label}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-1.5 font-medium">
          {label}
          {definition && <MetricInfo label={label} definition={definition} />}
        </span>
        <span className="tabular-nums text-muted-foreground" data-testid="metric-value">
          {value === null ? '—' : `${value}${suffix}`}
        </span>
      </div>
      {value === null ? (
        <p className="text-xs text-muted-foreground" data-testid="metric-missing">
          {missing}
        </p>
      ) : (
        <Progress value={Math.min(100, Math.max(0, value))} aria-label={label} />
      )}
    </div>
  );
}
