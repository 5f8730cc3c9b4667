import { CLOUD_TEXT, type TCloudScan } from '@netguard/contracts';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCloudScanDetail } from '@/features/cloud/api';
import { CloudFindingItem } from '@/features/cloud/components/CloudFindingItem';
import { CloudScanStatusBadge } from '@/features/cloud/components/CloudScanStatusBadge';
import { ResultGaps } from '@/features/cloud/components/ResultGaps';
import { resultRecommendations, scanTitle, visibleFindings } from '@/features/cloud/scan-results';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

type Props = { scan: TCloudScan; showMuted: boolean };

/** One scan result: its status, gaps, vulnerabilities and the first 3 recommendations. */
export function ScanResultCard({ scan, showMuted }: Props) {
  const failed = scan.status === 'error';
  const cancelled = scan.status === 'cancelled';
  // A failed or cancelled scan has no result to read.
  const hasResult = !failed && !cancelled;
  const detail = useCloudScanDetail(scan.id, hasResult);
  const findings = visibleFindings(detail.data?.findings ?? [], showMuted);
  const recommendations = resultRecommendations(detail.data?.findings ?? []);
  const title = scanTitle(scan);
  return (
    <Card className="min-w-0" aria-label={`Result ${title}`} data-scan-id={scan.id}>
      <CardHeader>
        <CardTitle className="break-words">{title}</CardTitle>
        <CardDescription>
          {scan.finishedAt ? formatDateTime(scan.finishedAt) : formatDateTime(scan.createdAt)}
          {scan.accounts.length > 0 && ` · account ${scan.accounts.join(', ')}`}
          {scan.serviceScan && ` · ${scan.serviceScan.service} only`}
        </CardDescription>
        <CardAction>
          <CloudScanStatusBadge status={scan.status} />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4">
        {failed && (
          <p className="text-sm text-destructive" role="alert">
            {CLOUD_TEXT.resultError(scan.error ?? CLOUD_TEXT.scanFailed)}
          </p>
        )}
        {cancelled && (
          <p className="text-sm text-muted-foreground">
            Cancelled before it finished, so there is no result. Run the scan again.
          </p>
        )}
        {scan.status === 'partial' && <ResultGaps gaps={scan.gaps} />}
        {detail.isPending && hasResult && <Skeleton className="h-16 w-full" />}
        {detail.isError && (
          <p className="text-sm text-destructive">
            {CLOUD_TEXT.resultError(errorMessage(detail.error))}
          </p>
        )}
        {detail.data && (
          <section className="space-y-2" aria-label="Vulnerabilities">
            <h3 className="text-sm font-semibold">Vulnerabilities ({findings.length})</h3>
            {findings.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {scan.status === 'partial'
                  ? 'None found in the checks that ran.'
                  : 'No vulnerabilities found.'}
              </p>
            ) : (
              <ul className="space-y-2">
                {findings.map((finding) => (
                  <CloudFindingItem key={finding.id} finding={finding} />
                ))}
              </ul>
            )}
          </section>
        )}
        {recommendations.length > 0 && (
          <section className="space-y-2" aria-label="Recommendations">
            <h3 className="text-sm font-semibold">Recommendations</h3>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {recommendations.map((text) => (
                <li key={text} className="break-words">
                  {text}
                </li>
              ))}
            </ol>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
