import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MetricBar } from '@/features/dashboard/components/MetricBar';
import type { TSecurityOverview } from '@/features/dashboard/metrics';

/** Network Coverage, Vulnerability Mitigation and Policy Compliance bars. */
export function SecurityOverview({ overview }: { overview: TSecurityOverview }) {
  return (
    <Card data-testid="security-overview">
      <CardHeader>
        <CardTitle>Security Overview</CardTitle>
        <CardDescription>Coverage, mitigation and compliance at a glance</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <MetricBar label="Network Coverage" value={overview.networkCoverage} />
        <MetricBar label="Vulnerability Mitigation" value={overview.mitigationRate} />
        <MetricBar label="Policy Compliance" value={overview.policyCompliance} />
      </CardContent>
    </Card>
  );
}
