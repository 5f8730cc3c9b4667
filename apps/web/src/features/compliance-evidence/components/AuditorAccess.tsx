import type { TAuditorGrant } from '@netguard/contracts';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { Spinner } from '@/components/Spinner';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { GrantAccessForm } from '@/features/compliance-evidence/components/GrantAccessForm';
import { FRAMEWORK_SHORT_NAMES } from '@/features/compliance-evidence/evidence-labels';
import { useAuditorGrants, useRevokeAuditorGrant } from '@/features/compliance-evidence/grants-api';
import { useMembers } from '@/features/organization/api';
import { formatDateTime, formatUtcDate } from '@/lib/format';

/** What revoking takes away; an auditor's last grant gone, they see everything again. */
function revokeConsequence(grant: TAuditorGrant, grants: TAuditorGrant[]) {
  const scope = `${grant.email} loses access to ${FRAMEWORK_SHORT_NAMES[grant.frameworkId]} for this audit period.`;
  const last = grants.filter((g) => g.email === grant.email).length === 1;
  return last
    ? `${scope} It is their last grant: as an auditor without grants they see all compliance evidence, so remove them in Settings → Members to end their access.`
    : scope;
}

/**
 * Auditor access, for admins (the page shows it to them alone, as the API answers them alone):
 * time-boxed grants of one framework and an audit period to members with the auditor role, each
 * active until its expiry, and the form to grant another.
 */
export function AuditorAccess() {
  const grants = useAuditorGrants();
  const members = useMembers();
  const revoke = useRevokeAuditorGrant();
  const list = grants.data?.grants ?? [];
  const auditors = (members.data?.members ?? []).filter((m) => m.role === 'auditor');
  const active = list.filter((g) => g.active).length;
  return (
    <Card className="gap-3 py-4" aria-label="Auditor access">
      <CardHeader className="px-4">
        <CardTitle className="text-base">Auditor access</CardTitle>
        <p className="text-xs text-muted-foreground">
          {active} active · {list.length - active} expired
        </p>
      </CardHeader>
      <CardContent className="space-y-3 px-4">
        {members.data && <GrantAccessForm auditors={auditors} />}
        {grants.isPending ? (
          <Spinner label="Loading auditor grants" />
        ) : grants.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Failed to load auditor grants
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No auditor grants.</p>
        ) : (
          <ul className="space-y-3">
            {list.map((grant) => (
              <li
                key={grant.id}
                className="flex flex-col gap-2 rounded-md border p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                data-testid="auditor-grant"
                data-state={grant.active ? 'active' : 'expired'}
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={grant.active ? 'default' : 'outline'}>
                      {grant.active ? 'Active' : 'Expired'}
                    </Badge>
                    <span className="min-w-0 font-medium break-all">{grant.email}</span>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {FRAMEWORK_SHORT_NAMES[grant.frameworkId]} · audit period{' '}
                    {formatUtcDate(grant.periodStart)} – {formatUtcDate(grant.periodEnd)} (UTC) ·{' '}
                    {grant.active ? 'expires' : 'expired'} {formatDateTime(grant.expiresAt)}
                  </p>
                </div>
                <div className="shrink-0">
                  <ConfirmDeleteButton
                    verb="Revoke"
                    name={`${FRAMEWORK_SHORT_NAMES[grant.frameworkId]} access of ${grant.email}`}
                    consequence={revokeConsequence(grant, list)}
                    reason={null}
                    busy={revoke.isPending}
                    onConfirm={() => revoke.mutate(grant)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
