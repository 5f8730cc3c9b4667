import type { TRiskAssessmentRow, TRiskInsight } from '@netguard/contracts';
import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RiskEmptyState } from '@/features/risk/components/RiskEmptyState';
import { insightLinks } from '@/features/risk/vulnerability-link';

type Props = { insights: readonly TRiskInsight[]; rows: readonly TRiskAssessmentRow[] };

function InsightCard({ insight, rows }: { insight: TRiskInsight; rows: Props['rows'] }) {
  const { links, unlisted } = insightLinks(insight, rows);
  return (
    <Card className="gap-3" data-testid="risk-insight">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-4 text-amber-500" aria-hidden="true" />
          {insight.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm [overflow-wrap:anywhere]">
        <p>{insight.statement}</p>
        {links.length > 0 && (
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.id}>
                <Link to={link.href} className="text-primary hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {unlisted > 0 && (
          <p className="text-xs text-muted-foreground">
            {unlisted} more {unlisted === 1 ? 'vulnerability' : 'vulnerabilities'} not assessed in
            this range.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The AI Insights tab: statements computed from the range's data, with what is behind them. */
export function InsightList({ insights, rows }: Props) {
  if (insights.length === 0)
    return (
      <RiskEmptyState
        icon={Lightbulb}
        title="No insights in this range"
        hint="Insights are computed from the assessments once scans have reported findings."
      />
    );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {insights.map((insight) => (
        <InsightCard key={insight.id} insight={insight} rows={rows} />
      ))}
    </div>
  );
}
