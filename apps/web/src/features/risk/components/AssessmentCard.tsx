import { RISK_TEXT, type TRiskAssessmentRow } from '@netguard/contracts';
import { ChevronDown, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { useRiskAssessment } from '@/features/risk/api';
import { AssessmentWhy } from '@/features/risk/components/AssessmentWhy';
import { UrgencyBadge } from '@/features/risk/components/RiskBadges';
import { ScoreBar } from '@/features/risk/components/ScoreBar';
import { percentText } from '@/features/risk/risk-format';
import { useRiskLoadError } from '@/features/risk/use-risk-load-error';
import { vulnerabilityHref, vulnerabilityLabel } from '@/features/risk/vulnerability-link';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';

/**
 * The spec's assessment card: score, level, confidence, urgency, the three bars, reasoning and
 * recommendations; the narrative only when a language model wrote one; "Why" opens the inputs
 * (and reads the assessment afresh, which is when the server asks the model for its narrative).
 */
export function AssessmentCard({ a: listed }: { a: TRiskAssessmentRow }) {
  const [open, setOpen] = useState(false);
  const detail = useRiskAssessment(listed.vulnerability_id, open);
  useRiskLoadError([detail.error]);
  const a = detail.data ?? listed;
  return (
    <article
      className="min-w-0 space-y-4 rounded-xl border bg-card p-4 shadow-xs [overflow-wrap:anywhere] sm:p-6"
      data-testid="risk-assessment"
      data-vulnerability-id={a.vulnerability_id}
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="font-semibold">
            <Link to={vulnerabilityHref(a)} className="hover:underline">
              {vulnerabilityLabel(a)}
            </Link>
          </h3>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <SeverityBadge severity={a.riskLevel} />
            <UrgencyBadge urgency={a.mitigationUrgency} />
            <span className="text-muted-foreground">Confidence {percentText(a.confidence)}</span>
            {a.cve_id && <span className="font-mono text-xs">{a.cve_id}</span>}
          </div>
        </div>
        <p className="shrink-0 text-3xl font-bold tabular-nums" data-testid="risk-score">
          {Math.round(a.riskScore)}
          <span className="text-base font-medium text-muted-foreground">/100</span>
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-3">
        <ScoreBar label="Business impact" value={a.businessImpactScore} />
        <ScoreBar label="Technical impact" value={a.technicalImpactScore} />
        <ScoreBar label="Exploitability" value={a.exploitabilityScore} />
      </div>
      <div className="space-y-1 text-sm">
        <h4 className="font-semibold">Reasoning</h4>
        <p className="text-muted-foreground">{a.reasoning}</p>
      </div>
      {a.recommendations.length > 0 && (
        <div className="space-y-1 text-sm">
          <h4 className="font-semibold">Recommendations</h4>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {a.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {a.narrative && (
        <aside
          className="space-y-1 rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm"
          data-testid="narrative"
        >
          <p className="flex flex-wrap items-center gap-2 font-semibold text-violet-800">
            <Sparkles className="size-4" aria-hidden="true" />
            {RISK_TEXT.narrativeLabel}
            <span className="font-normal text-violet-700">({a.narrative.model})</span>
          </p>
          <p>{a.narrative.text}</p>
        </aside>
      )}
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger className="group flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          <ChevronDown
            className="size-4 -rotate-90 transition-transform group-data-[state=open]:rotate-0"
            aria-hidden="true"
          />
          Why this score
        </CollapsibleTrigger>
        <CollapsibleContent>
          <AssessmentWhy a={a} />
        </CollapsibleContent>
      </Collapsible>
    </article>
  );
}
