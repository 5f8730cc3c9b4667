import { DEFAULT_RISK_RANGE, RISK_TEXT, type TRiskRange } from '@netguard/contracts';
import { Brain } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import {
  usePriorityQueue,
  useRiskAssessments,
  useRiskInsights,
  useRiskSummary,
  useRiskTrend,
} from '@/features/risk/api';
import { RiskRangeSelect } from '@/features/risk/components/RiskRangeSelect';
import { RiskSummaryCards } from '@/features/risk/components/RiskSummaryCards';
import { RiskTabs } from '@/features/risk/components/RiskTabs';
import { rangeFromParams } from '@/features/risk/risk-format';
import { useRiskLoadError } from '@/features/risk/use-risk-load-error';

/**
 * The AI-Powered Risk Scoring page: the range (kept in the URL) drives the cards, assessments,
 * trend and insights; the prioritization queue is the present state.
 */
export function RiskScoringPage() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const setRange = (next: TRiskRange) =>
    setParams(next === DEFAULT_RISK_RANGE ? {} : { range: next }, { replace: true });
  const summary = useRiskSummary(range);
  const assessments = useRiskAssessments(range);
  const queue = usePriorityQueue();
  const trend = useRiskTrend(range);
  const insights = useRiskInsights(range);
  // Every read starts here, whatever the tab, for the range's busy mark and the one load toast.
  const reads = [summary, assessments, queue, trend, insights];
  useRiskLoadError(reads.map((read) => read.error));

  return (
    <div className="space-y-6">
      <PageHeader
        icon={Brain}
        title={RISK_TEXT.title}
        subtitle="Scores computed from CVSS, EPSS, CISA KEV, SSVC and your asset context, each showing why."
        actions={
          <RiskRangeSelect
            range={range}
            busy={reads.some((read) => read.isPlaceholderData)}
            onChange={setRange}
          />
        }
      />
      <RiskSummaryCards summary={summary.data} failed={summary.isError} />
      <RiskTabs range={range} />
    </div>
  );
}
