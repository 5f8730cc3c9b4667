import { tierIncludes } from '@netguard/contracts';
import { Spinner } from '@/components/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  useAnalyticsOverview,
  useDashboardHome,
  useSecurityPosture,
} from '@/features/dashboard/api';
import { AnalyticsTab } from '@/features/dashboard/components/AnalyticsTab';
import { DashboardTitle } from '@/features/dashboard/components/DashboardTitle';
import { DataUnavailable } from '@/features/dashboard/components/DataUnavailable';
import { LiveScanStatus } from '@/features/dashboard/components/LiveScanStatus';
import { OverviewTab } from '@/features/dashboard/components/OverviewTab';
import { SecurityPostureTab } from '@/features/dashboard/components/SecurityPostureTab';
import { UpgradeBanner } from '@/features/dashboard/components/UpgradeBanner';
import { analyticsView, postureView } from '@/features/dashboard/metrics';
import { useLogError } from '@/features/dashboard/use-log-error';
import { useSubscription } from '@/features/subscription/subscription-context';

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-8" label="Loading dashboard data" />
    </div>
  );
}

/** The dashboard home: title, upgrade banner, live scans and the Overview/Analytics/Posture tabs. */
export function DashboardHome() {
  const subscription = useSubscription();
  const subscribed = subscription.subscribed;
  // The tabs and their calls: the analytics feature of the plan matrix.
  const analyticsOn = tierIncludes(subscription.tier, 'analytics');
  const home = useDashboardHome();
  const analytics = useAnalyticsOverview(analyticsOn);
  const posture = useSecurityPosture(analyticsOn);
  useLogError('Dashboard data failed to load', home.error);
  useLogError('Analytics overview failed to load', analytics.error);
  useLogError('Security posture failed to load', posture.error);

  return (
    <div className="space-y-6">
      <DashboardTitle />
      {!subscription.loading && !subscribed && <UpgradeBanner />}
      {home.data && <LiveScanStatus scans={home.data.recent_scans} />}
      <Tabs defaultValue="overview" className="gap-4">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          {analyticsOn && <TabsTrigger value="analytics">Analytics</TabsTrigger>}
          {analyticsOn && <TabsTrigger value="posture">Security Posture</TabsTrigger>}
        </TabsList>
        <TabsContent value="overview">
          {home.data ? (
            <OverviewTab home={home.data} />
          ) : home.isError ? (
            <DataUnavailable onRetry={() => void home.refetch()} />
          ) : (
            <Loading />
          )}
        </TabsContent>
        {analyticsOn && (
          <TabsContent value="analytics">
            {analytics.isPending || posture.isPending ? (
              <Loading />
            ) : (
              <AnalyticsTab view={analyticsView(analytics.data, posture.data, home.data)} />
            )}
          </TabsContent>
        )}
        {analyticsOn && (
          <TabsContent value="posture">
            {posture.isPending ? (
              <Loading />
            ) : (
              <SecurityPostureTab view={postureView(posture.data, home.data)} />
            )}
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
