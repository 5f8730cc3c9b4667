import { frameworkText, type TCloudFinding } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { ExposureBadge } from '@/features/cloud/components/ExposureBadge';
import { SeverityBadge } from '@/features/scans/components/SeverityBadge';

/** A cloud finding: severity, title, the resource and region, its exposure, assessed risk and
 * framework controls. */
export function CloudFindingItem({ finding }: { finding: TCloudFinding }) {
  return (
    <li className="space-y-1 rounded-md border p-3 text-sm" aria-label={finding.title}>
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={finding.severity} />
        <span className="min-w-0 font-medium break-words">{finding.title}</span>
        <ExposureBadge exposure={finding.exposure} reachablePorts={finding.reachablePorts} />
        {finding.riskScore !== null && (
          <span className="ml-auto text-xs font-medium">Risk Score: {finding.riskScore}</span>
        )}
        {finding.status !== 'open' && (
          <Badge variant="secondary" className="capitalize">
            {finding.status}
          </Badge>
        )}
      </div>
      <p className="text-muted-foreground break-all">
        {finding.resourceType} <span className="font-mono">{finding.resourceId}</span> ·{' '}
        {finding.region}
        {finding.account && ` · ${finding.account}`}
      </p>
      {finding.detail && <p className="break-words">{finding.detail}</p>}
      <p className="font-mono text-xs text-muted-foreground break-all">{finding.checkId}</p>
      {frameworkText(finding.frameworks) && (
        <p className="text-xs text-muted-foreground" data-testid="cloud-finding-frameworks">
          {frameworkText(finding.frameworks)}
        </p>
      )}
    </li>
  );
}
