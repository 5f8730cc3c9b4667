import { Progress } from '@/components/ui/progress';

type MetricBarProps = { label: string; value: number; suffix?: string };

/** A labelled percentage with a progress bar. */
export function MetricBar({ label, value, suffix = '%' }: MetricBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {value}
          {suffix}
        </span>
      </div>
      <Progress value={clamped} aria-label={label} />
    </div>
  );
}
