import {
  frameworkFigureText,
  overallFigureText,
  COMPLIANCE_STANDING_TEXT as T,
  type TComplianceStanding,
} from '@netguard/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { formatScore } from '@/features/compliance-evidence/evidence-format';

/**
 * Compliance: each framework's status from compliance evidence ("85% Compliant" in the spec's
 * words), with the requirement counts it comes from; "Not assessed" while none has evidence.
 */
export function ComplianceTab({ compliance }: { compliance: TComplianceStanding }) {
  if (!compliance.available)
    return (
      <p className="text-sm text-muted-foreground" data-testid="compliance-unavailable">
        {T.enterpriseOnlyDetail}
      </p>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground" data-testid="compliance-overall">
        {overallFigureText(compliance)}.{' '}
        <Link to={T.page} className="text-primary hover:underline">
          {T.collectHint}
        </Link>
      </p>
      <ul className="divide-y rounded-lg border" data-testid="framework-statuses">
        {compliance.frameworks.map((f) => (
          <li
            key={f.id}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
            data-testid={`framework-${f.id}`}
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{f.name}</p>
              <p className="text-xs text-muted-foreground">{frameworkFigureText(f)}</p>
            </div>
            {f.score === null ? (
              <Badge variant="outline">{T.notAssessed}</Badge>
            ) : (
              <div className="flex items-center gap-3">
                <Progress
                  value={f.score}
                  className="w-32"
                  aria-label={`${f.name} compliance score`}
                />
                <Badge variant="secondary">{formatScore(f.score)} Compliant</Badge>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
