import { Users } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { usePermission } from '@/features/auth/use-permission';
import { useMembers } from '@/features/organization/api';
import { InvitationRow } from '@/features/organization/components/InvitationRow';
import { InviteForm } from '@/features/organization/components/InviteForm';
import { MemberRow } from '@/features/organization/components/MemberRow';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { errorMessage } from '@/lib/api-client';

/** Settings → Members (admins): members with role, last sign-in and MFA; invitations. */
export function MembersCard() {
  const { allowed } = usePermission('organization', 'read');
  const { user } = useAuth();
  const members = useMembers(allowed);
  if (!allowed) return null;
  return (
    <div data-testid="members-card">
      <SettingsCard
        title="Members"
        description="People of this organization, their roles, and pending invitations"
        icon={Users}
      >
        <InviteForm />
        {members.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(members.error)}
          </p>
        )}
        {!members.data && !members.isError && <Skeleton className="h-24 w-full" />}
        {members.data && (
          <>
            <ul aria-label="Members" className="divide-y">
              {members.data.members.map((member) => (
                <MemberRow
                  key={member.user_id}
                  member={member}
                  self={member.user_id === user?.id}
                />
              ))}
            </ul>
            {members.data.invitations.length > 0 && (
              <section className="space-y-1">
                <h4 className="text-sm font-semibold">Pending invitations</h4>
                <ul aria-label="Pending invitations" className="divide-y">
                  {members.data.invitations.map((invitation) => (
                    <InvitationRow key={invitation.id} invitation={invitation} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </SettingsCard>
    </div>
  );
}
