import { RISK_TEXT, type TRiskRange } from '@netguard/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  usePriorityQueue,
  useRiskAssessments,
  useRiskInsights,
  useRiskTrend,
} from '@/features/risk/api';
import { AssessmentList } from '@/features/risk/components/AssessmentList';
import { InsightList } from '@/features/risk/components/InsightList';
import { PriorityQueue } from '@/features/risk/components/PriorityQueue';
import { RiskTabPanel } from '@/features/risk/components/RiskTabPanel';
import { RiskTrendChart } from '@/features/risk/components/RiskTrendChart';

const [ASSESSMENTS, PRIORITIZATION, TRENDS, INSIGHTS] = RISK_TEXT.tabs;

// Each panel subscribes to the read it shows. A read's result handed down from the page goes
// stale: the page only re-renders for the fields it read itself, so an answer arriving after its
// last render (a direct load, where the socket's reconnect re-reads everything) left the tab
// spinning although the data was in the cache.

function AssessmentsTab({ range }: { range: TRiskRange }) {
  return (
    <RiskTabPanel query={useRiskAssessments(range)} label="risk assessments">
      {(data) => <AssessmentList rows={data.items} />}
    </RiskTabPanel>
  );
}

function PrioritizationTab() {
  return (
    <RiskTabPanel query={usePriorityQueue()} label="the prioritization queue">
      {(data) => <PriorityQueue items={data.items} />}
    </RiskTabPanel>
  );
}

function TrendTab({ range }: { range: TRiskRange }) {
  return (
    <RiskTabPanel query={useRiskTrend(range)} label="the risk trend">
      {(data) => <RiskTrendChart range={data.range} points={data.points} />}
    </RiskTabPanel>
  );
}

function InsightsTab({ range }: { range: TRiskRange }) {
  const assessments = useRiskAssessments(range);
  return (
    <RiskTabPanel query={useRiskInsights(range)} label="insights">
      {(data) => <InsightList insights={data.items} rows={assessments.data?.items ?? []} />}
    </RiskTabPanel>
  );
}

/** The four tabs of the page, each showing its read of the range. */
export function RiskTabs({ range }: { range: TRiskRange }) {
  return (
    <Tabs defaultValue="assessments" className="gap-4">
      <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
        <TabsTrigger value="assessments">{ASSESSMENTS}</TabsTrigger>
        <TabsTrigger value="prioritization">{PRIORITIZATION}</TabsTrigger>
        <TabsTrigger value="trends">{TRENDS}</TabsTrigger>
        <TabsTrigger value="insights">{INSIGHTS}</TabsTrigger>
      </TabsList>
      <TabsContent value="assessments">
        <AssessmentsTab range={range} />
      </TabsContent>
      <TabsContent value="prioritization">
        <PrioritizationTab />
      </TabsContent>
      <TabsContent value="trends">
        <TrendTab range={range} />
      </TabsContent>
      <TabsContent value="insights">
        <InsightsTab range={range} />
      </TabsContent>
    </Tabs>
  );
}
