import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { PermissionButton } from '@/components/PermissionButton';
import { Button } from '@/components/ui/button';
import { useRemediationReasons } from '@/features/remediation/remediation-permissions';

/** The page's execute flow for this finding: /dashboard/automated-remediation?vulnerabilityId=. */
export const remediateUrl = (vulnerabilityId: string) =>
  `/dashboard/automated-remediation?vulnerabilityId=${encodeURIComponent(vulnerabilityId)}`;

/** Remediate, on a vulnerability's detail: off with the reason for a role that cannot start one. */
export function RemediateButton({ vulnerabilityId }: { vulnerabilityId: string }) {
  const { start } = useRemediationReasons();
  if (start)
    return (
      <PermissionButton size="sm" variant="outline" reason={start}>
        <Wrench aria-hidden="true" />
        Remediate
      </PermissionButton>
    );
  return (
    <Button size="sm" variant="outline" asChild>
      <Link to={remediateUrl(vulnerabilityId)} data-testid="remediate-vulnerability">
        <Wrench aria-hidden="true" />
        Remediate
      </Link>
    </Button>
  );
}
