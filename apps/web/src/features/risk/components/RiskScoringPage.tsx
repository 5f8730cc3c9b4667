import { DEFAULT_RISK_RANGE, RISK_TEXT, type TRiskRange } from '@netguard/contracts';
import { Brain } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  usePriorityQueue,
  useRiskAssessments,
  useRiskInsights,
  useRiskSummary,
  useRiskTrend,
} from '@/features/risk/api';
import { AssessmentList } from '@/features/risk/components/AssessmentList';
import { InsightList } from '@/features/risk/components/InsightList';
import { PriorityQueue } from '@/features/risk/components/PriorityQueue';
import { RiskRangeSelect } from '@/features/risk/components/RiskRangeSelect';
import { RiskSummaryCards } from '@/features/risk/components/RiskSummaryCards';
import { RiskTabPanel } from '@/features/risk/components/RiskTabPanel';
import { RiskTrendChart } from '@/features/risk/components/RiskTrendChart';
import { rangeFromParams } from '@/features/risk/risk-format';
import { useRiskLoadError } from '@/features/risk/use-risk-load-error';

const [ASSESSMENTS, PRIORITIZATION, TRENDS, INSIGHTS] = RISK_TEXT.tabs;

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
      <Tabs defaultValue="assessments" className="gap-4">
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
          <TabsTrigger value="assessments">{ASSESSMENTS}</TabsTrigger>
          <TabsTrigger value="prioritization">{PRIORITIZATION}</TabsTrigger>
          <TabsTrigger value="trends">{TRENDS}</TabsTrigger>
          <TabsTrigger value="insights">{INSIGHTS}</TabsTrigger>
        </TabsList>
        <TabsContent value="assessments">
          <RiskTabPanel query={assessments} label="risk assessments">
            {(data) => <AssessmentList rows={data.items} />}
          </RiskTabPanel>
        </TabsContent>
        <TabsContent value="prioritization">
          <RiskTabPanel query={queue} label="the prioritization queue">
            {(data) => <PriorityQueue items={data.items} />}
          </RiskTabPanel>
        </TabsContent>
        <TabsContent value="trends">
          <RiskTabPanel query={trend} label="the risk trend">
            {(data) => <RiskTrendChart range={data.range} points={data.points} />}
          </RiskTabPanel>
        </TabsContent>
        <TabsContent value="insights">
          <RiskTabPanel query={insights} label="insights">
            {(data) => <InsightList insights={data.items} rows={assessments.data?.items ?? []} />}
          </RiskTabPanel>
        </TabsContent>
      </Tabs>
    </div>
  );
}
