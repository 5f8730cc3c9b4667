import type { TCloudFinding, TCloudScan } from '@netguard/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCloudComparison } from '@/features/cloud/api';
import { CloudFindingItem } from '@/features/cloud/components/CloudFindingItem';
import { scanTitle, visibleFindings } from '@/features/cloud/scan-results';
import { errorMessage } from '@/lib/api-client';

function FindingGroup({ title, findings }: { title: string; findings: TCloudFinding[] }) {
  return (
    <section className="min-w-0 space-y-2" aria-label={title}>
      <h3 className="text-sm font-semibold">
        {title} ({findings.length})
      </h3>
      {findings.length > 0 && (
        <ul className="space-y-2">
          {visibleFindings(findings, true).map((finding) => (
            <CloudFindingItem key={finding.id} finding={finding} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A result against the previous scan of the same connection: new, resolved and still open. */
export function ComparisonCard({ scan }: { scan: TCloudScan }) {
  const comparison = useCloudComparison(scan.id);
  const data = comparison.data;
  return (
    <Card className="min-w-0" aria-label={`Comparison ${scan.connectionName}`}>
      <CardHeader>
        <CardTitle className="break-words">{scanTitle(scan)}</CardTitle>
        {data && !data.previousScanId && (
          <CardDescription>The first scan of this connection: everything is new.</CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {comparison.isPending && <Skeleton className="h-16 w-full" />}
        {comparison.isError && (
          <p className="text-sm text-destructive">{errorMessage(comparison.error)}</p>
        )}
        {data && (
          <div className="grid gap-4 lg:grid-cols-3">
            <FindingGroup title="New" findings={data.new} />
            <FindingGroup title="Resolved" findings={data.resolved} />
            <FindingGroup title="Still open" findings={data.stillOpen} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
