import { scoreLines, type TSelftestScores } from '@netguard/contracts';
import { cn } from '@/lib/utils';

/** The security suite's scores: "Observatory 95/100 (A+)", the TLS grade with its caps, ASVS. */
export function ScoreLines({ scores, className }: { scores: TSelftestScores; className?: string }) {
  const lines = scoreLines(scores);
  return (
    <ul className={cn('space-y-0.5 text-sm', className)} data-testid="security-scores">
      <li>{lines.observatory}</li>
      <li>{lines.tls}</li>
      <li>{lines.asvs}</li>
    </ul>
  );
}
