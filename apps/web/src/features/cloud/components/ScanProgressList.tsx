import type { TCloudScan } from '@netguard/contracts';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useCancelCloudScan } from '@/features/cloud/api';
import { progressPercent, progressText, scanTitle } from '@/features/cloud/scan-results';

type Props = { scans: readonly TCloudScan[]; canCancel: boolean };

/** Scans still queued or running, each with its live phase and done/total from the socket. */
export function ScanProgressList({ scans, canCancel }: Props) {
  const cancel = useCancelCloudScan();
  if (scans.length === 0) return null;
  return (
    <Card aria-label="Scans in progress">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          Scanning
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {scans.map((scan) => {
            const percent = progressPercent(scan.progress);
            return (
              <li key={scan.id} className="space-y-2" aria-label={`Scan of ${scan.connectionName}`}>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="font-medium">{scanTitle(scan)}</span>
                  <span className="text-muted-foreground" data-testid="cloud-scan-phase">
                    {progressText(scan)}
                  </span>
                </div>
                <div className="flex items-center gap-3">
                  <Progress value={percent} aria-label={`${percent}% done`} />
                  {canCancel && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate(scan.id)}
                      aria-label={`Cancel scan of ${scan.connectionName}`}
                    >
                      Cancel
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
