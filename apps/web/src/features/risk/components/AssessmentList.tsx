import type { TRiskAssessmentRow } from '@netguard/contracts';
import { ShieldQuestion } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { AssessmentCard } from '@/features/risk/components/AssessmentCard';
import { RiskEmptyState } from '@/features/risk/components/RiskEmptyState';
import { orderAssessments } from '@/features/risk/risk-order';

/** Cards drawn at first and added per "Show more": hundreds of cards at once would be slow. */
const PAGE = 20;

/** The Risk Assessments tab: one card per assessed vulnerability, highest score first. */
export function AssessmentList({ rows }: { rows: readonly TRiskAssessmentRow[] }) {
  const [shown, setShown] = useState(PAGE);
  const ordered = useMemo(() => orderAssessments(rows), [rows]);
  if (ordered.length === 0)
    return (
      <RiskEmptyState
        icon={ShieldQuestion}
        title="No risk assessments in this range"
        hint="Run a vulnerability scan: every finding it reports gets an assessment, with the inputs it was computed from."
      />
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {ordered.length} {ordered.length === 1 ? 'assessment' : 'assessments'}
      </p>
      {ordered.slice(0, shown).map((row) => (
        <AssessmentCard key={row.vulnerability_id} a={row} />
      ))}
      {shown < ordered.length && (
        <Button variant="outline" className="w-full" onClick={() => setShown((n) => n + PAGE)}>
          Show more ({ordered.length - shown} left)
        </Button>
      )}
    </div>
  );
}
