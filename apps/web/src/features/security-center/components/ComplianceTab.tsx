import type { TCompliance } from '@netguard/contracts';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { VerdictBadge } from '@/features/verdicts/components/VerdictBadge';

/**
 * Compliance: the score overall and per framework (inputs on hover), then each measured control
 * with its requirement, measured value and pass or fail.
 */
export function ComplianceTab({ compliance }: { compliance: TCompliance }) {
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="text-sm font-medium">Score {compliance.score}%</span>
        <Progress value={compliance.score} className="max-w-xs" aria-label="Compliance score" />
      </div>
      <div className="flex flex-wrap gap-1.5" data-testid="framework-scores">
        {Object.values(compliance.frameworks).map(({ verdict }) => (
          <VerdictBadge key={verdict.name} verdict={verdict} />
        ))}
      </div>
      <ul className="divide-y rounded-lg border">
        {compliance.controls.map((c) => (
          <li
            key={c.id}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
            data-testid={`control-${c.id}`}
          >
            {c.passed ? (
              <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-hidden="true" />
            ) : (
              <XCircle className="size-5 shrink-0 text-red-600" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{c.title}</p>
              <p className="text-xs text-muted-foreground">{c.requirement}</p>
            </div>
            <span className="text-sm">{c.value}</span>
            <div className="flex items-center gap-3">
              <Badge
                className={
                  c.passed
                    ? 'border-transparent bg-green-600 text-white'
                    : 'border-transparent bg-red-600 text-white'
                }
              >
                {c.passed ? 'Pass' : 'Fail'}
              </Badge>
              {!c.passed && (
                <Link to={c.fix_url} className="text-sm text-primary hover:underline">
                  Fix
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
