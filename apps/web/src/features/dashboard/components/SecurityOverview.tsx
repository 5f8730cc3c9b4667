import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MetricBar } from '@/features/dashboard/components/MetricBar';
import { METRIC_DEFINITIONS as D } from '@/features/dashboard/metric-definitions';
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
        <MetricBar
          label="Network Coverage"
          figure={overview.networkCoverage}
          definition={D.networkCoverage}
        />
        <MetricBar
          label="Vulnerability Mitigation"
          figure={overview.mitigationRate}
          definition={D.mitigationRate}
        />
        <MetricBar
          label="Policy Compliance"
          figure={overview.policyCompliance}
          definition={overview.policyText}
        />
      </CardContent>
    </Card>
  );
}
