import { SECURITY_CENTER_TEXT as T } from '@netguard/contracts';
import { Building2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePermission } from '@/features/auth/use-permission';
import { IncidentsTab } from '@/features/incidents/components/IncidentsTab';
import { useSecurityMetrics } from '@/features/security-center/api';
import { ComplianceTab } from '@/features/security-center/components/ComplianceTab';
import { EventsTab } from '@/features/security-center/components/EventsTab';
import { PoliciesTab } from '@/features/security-center/components/PoliciesTab';
import { SecurityActionsCard } from '@/features/security-center/components/SecurityActionsCard';
import { SummaryCards } from '@/features/security-center/components/SummaryCards';
import { readTab, SECURITY_TABS_ID } from '@/features/security-center/event-filters';
import { errorMessage } from '@/lib/api-client';

/** The Enterprise Security Center: summary cards, actions and the four tabs. */
export function EnterpriseSecurityPage() {
  const read = usePermission('audit', 'read');
  const metrics = useSecurityMetrics(read.allowed);
  const [params, setParams] = useSearchParams();
  const header = <PageHeader icon={Building2} title={T.title} subtitle={T.subtitle} />;

  if (!read.allowed)
    return (
      <div className="space-y-6">
        {header}
        <Alert>
          <AlertDescription>{read.reason}</AlertDescription>
        </Alert>
      </div>
    );
  if (metrics.isPending)
    return (
      <div className="space-y-6">
        {header}
        <div className="flex justify-center p-12">
          <Spinner className="size-8" label="Loading security metrics" />
        </div>
      </div>
    );
  if (metrics.isError)
    return (
      <div className="space-y-6">
        {header}
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(metrics.error)}</AlertDescription>
        </Alert>
      </div>
    );

  return (
    <div className="space-y-6">
      {header}
      <SummaryCards metrics={metrics.data} />
      <SecurityActionsCard last={metrics.data.last_assessment} />
      <Tabs
        id={SECURITY_TABS_ID}
        className="scroll-mt-20"
        value={readTab(params)}
        onValueChange={(tab) => setParams({ tab })}
      >
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          <TabsTrigger value="incidents">Security Incidents</TabsTrigger>
          <TabsTrigger value="events">Recent Events</TabsTrigger>
          <TabsTrigger value="compliance">Compliance</TabsTrigger>
          <TabsTrigger value="policies">Security Policies</TabsTrigger>
        </TabsList>
        <TabsContent value="incidents">
          <IncidentsTab />
        </TabsContent>
        <TabsContent value="events">
          <EventsTab />
        </TabsContent>
        <TabsContent value="compliance">
          <ComplianceTab compliance={metrics.data.compliance} />
        </TabsContent>
        <TabsContent value="policies">
          <PoliciesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
