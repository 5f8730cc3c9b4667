import type { TMember, TRole } from '@netguard/contracts';
import { ShieldCheck, ShieldOff, UserMinus } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useChangeRole, useRemoveMember } from '@/features/organization/api';
import { RoleSelect } from '@/features/organization/components/RoleSelect';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** A member: who, role (changeable), last sign-in, MFA, remove. The caller's own row is marked. */
export function MemberRow({ member, self }: { member: TMember; self: boolean }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: errorMessage(error) });
  const name = member.username ?? member.email;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="member">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {name}
          {self && <span className="text-muted-foreground"> (you)</span>}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {member.username ? `${member.email} · ` : ''}
          {member.last_sign_in_at
            ? `Last sign-in ${formatDateTime(member.last_sign_in_at)}`
            : 'Never signed in'}
        </p>
      </div>
      <Badge variant={member.mfa_enabled ? 'secondary' : 'outline'} className="w-fit">
        {member.mfa_enabled ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
        {member.mfa_enabled ? 'MFA on' : 'MFA off'}
      </Badge>
      <RoleSelect
        value={member.role}
        label={`Role of ${member.email}`}
        disabled={changeRole.isPending}
        onChange={(role: TRole) =>
          changeRole.mutate(
            { userId: member.user_id, role },
            {
              onSuccess: () => toast.success('Role changed'),
              onError: failed('Role not changed'),
            },
          )
        }
      />
      <Button
        variant="ghost"
        size="sm"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(member.user_id, {
            onSuccess: () => toast.success('Member removed'),
            onError: failed('Member not removed'),
          })
        }
      >
        <UserMinus aria-hidden="true" />
        Remove<span className="sr-only"> {member.email}</span>
      </Button>
    </li>
  );
}
