import type { TEvidenceRun } from '@netguard/contracts';
import { type ReactNode, useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  type TEvidenceFilter,
  useComplianceFrameworks,
  useComplianceReports,
  useEvidenceItems,
  useEvidenceSchedules,
} from '@/features/compliance-evidence/api';
import { EvidenceFilter } from '@/features/compliance-evidence/components/EvidenceFilter';
import { EvidenceItemsTable } from '@/features/compliance-evidence/components/EvidenceItemsTable';
import { FrameworkCard } from '@/features/compliance-evidence/components/FrameworkCard';
import { ReportsList } from '@/features/compliance-evidence/components/ReportsList';
import { ScheduleView } from '@/features/compliance-evidence/components/ScheduleView';
import { EVIDENCE_TOASTS } from '@/features/compliance-evidence/evidence-labels';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';

/** A tab's data: a spinner until it loads, the spec's error text if it cannot. */
function Loaded<T>({
  query,
  label,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; error: unknown };
  label: string;
  children: (data: T) => ReactNode;
}) {
  useLoadErrorToast(query.error, 'evidence-load-error', EVIDENCE_TOASTS.loadFailed);
  if (query.data !== undefined) return children(query.data);
  if (query.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-6" label={label} />
      </div>
    );
  return (
    <p className="text-sm text-destructive" role="alert">
      {EVIDENCE_TOASTS.loadFailed}
    </p>
  );
}

/** Frameworks, Evidence Items, Compliance Reports and Collection Schedule, each from the server. */
export function EvidenceTabs({ activeRuns }: { activeRuns: TEvidenceRun[] }) {
  const frameworks = useComplianceFrameworks(true);
  const [filter, setFilter] = useState<TEvidenceFilter>({ frameworkId: 'all', status: 'all' });
  const items = useEvidenceItems(filter, true);
  const reports = useComplianceReports(true);
  const schedules = useEvidenceSchedules(true);
  return (
    <Tabs defaultValue="frameworks" className="gap-4">
      <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
        <TabsTrigger value="frameworks">Frameworks</TabsTrigger>
        <TabsTrigger value="evidence">Evidence Items</TabsTrigger>
        <TabsTrigger value="reports">Compliance Reports</TabsTrigger>
        <TabsTrigger value="schedule">Collection Schedule</TabsTrigger>
      </TabsList>
      <TabsContent value="frameworks">
        <Loaded query={frameworks} label="Loading frameworks">
          {(data) => (
            <div className="grid items-start gap-4 xl:grid-cols-2">
              {data.frameworks.map((framework) => (
                <FrameworkCard
                  key={framework.id}
                  framework={framework}
                  activeRun={activeRuns.find((run) => run.frameworkId === framework.id)}
                />
              ))}
            </div>
          )}
        </Loaded>
      </TabsContent>
      <TabsContent value="evidence" className="space-y-4">
        <EvidenceFilter value={filter} onChange={setFilter} />
        <Loaded query={items} label="Loading evidence items">
          {(data) => <EvidenceItemsTable items={data.items} total={data.total} />}
        </Loaded>
      </TabsContent>
      <TabsContent value="reports">
        <Loaded query={reports} label="Loading compliance reports">
          {(data) => <ReportsList reports={data.reports} />}
        </Loaded>
      </TabsContent>
      <TabsContent value="schedule">
        <Loaded query={schedules} label="Loading collection schedules">
          {(data) => <ScheduleView schedules={data.schedules} />}
        </Loaded>
      </TabsContent>
    </Tabs>
  );
}
