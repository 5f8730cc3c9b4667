import type { TCloudScan } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CloudScanStatusBadge } from '@/features/cloud/components/CloudScanStatusBadge';
import { callOutcomes, groupGaps, scanTitle } from '@/features/cloud/scan-results';

/** Per result: the provider API calls by outcome, and each gap with the checks it left unevaluated. */
export function CoverageView({ results }: { results: readonly TCloudScan[] }) {
  if (results.length === 0)
    return <p className="text-sm text-muted-foreground">Coverage shows after the first scan.</p>;
  return (
    <div className="space-y-4">
      {results.map((scan) => {
        const gaps = groupGaps(scan.gaps);
        return (
          <Card key={scan.id} className="min-w-0" aria-label={`Coverage ${scan.connectionName}`}>
            <CardHeader>
              <CardTitle className="break-words">{scanTitle(scan)}</CardTitle>
              <CardAction>
                <CloudScanStatusBadge status={scan.status} />
              </CardAction>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{scan.calls.total} API calls</span>
                {callOutcomes(scan.calls).map(({ outcome, count }) => (
                  <Badge key={outcome} variant="outline" data-outcome={outcome}>
                    {outcome} {count}
                  </Badge>
                ))}
              </p>
              {gaps.length === 0 ? (
                <p className="text-muted-foreground">Every check was evaluated.</p>
              ) : (
                <ul className="space-y-2">
                  {gaps.map((group) => (
                    <li key={`${group.service}-${group.region}`} className="rounded-md border p-3">
                      <p className="font-medium">
                        {group.service} · {group.region}
                      </p>
                      <ul className="text-muted-foreground">
                        {group.calls.map((call) => (
                          <li key={`${call.operation}-${call.outcome}`} className="break-words">
                            {call.operation}: {call.outcome}
                            {call.message && ` — ${call.message}`}
                          </li>
                        ))}
                      </ul>
                      <p className="break-words">
                        Not evaluated: <span className="font-mono">{group.checks.join(', ')}</span>
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
