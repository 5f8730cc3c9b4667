import { Progress } from '@/components/ui/progress';

/** One of the assessment's 0-100 scores as a labelled bar. */
export function ScoreBar({ label, value }: { label: string; value: number }) {
  const shown = Math.round(value);
  return (
    <div className="space-y-1.5" data-testid="score-bar" data-label={label}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">{shown}/100</span>
      </div>
      <Progress value={shown} aria-label={`${label}: ${shown} out of 100`} />
    </div>
  );
}
