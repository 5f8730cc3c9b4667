import type { TComplianceFrameworkId } from '@netguard/contracts';
import { useAuditReadiness } from '@/features/compliance-evidence/api';
import { formatCount } from '@/lib/format';

/** Audit readiness as the server measures it: requirements with valid automated evidence. */
export function AuditReadiness({ frameworkId }: { frameworkId: TComplianceFrameworkId }) {
  const { data } = useAuditReadiness(frameworkId);
  if (!data) return null;
  const expiring = data.expiringIn30Days?.length ?? 0;
  return (
    <p className="text-sm" data-testid="audit-readiness">
      <span className="font-medium">Audit readiness {data.readiness}%</span>
      <span className="text-muted-foreground">
        {' '}
        · {formatCount(data.automatedValid)} of {formatCount(data.requirementCount)} requirements
        with valid automated evidence · {formatCount(expiring)} {expiring === 1 ? 'item' : 'items'}{' '}
        expiring in 30 days
      </span>
    </p>
  );
}
