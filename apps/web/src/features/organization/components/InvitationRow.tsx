import { ROLE_LABELS, type TInvitation } from '@netguard/contracts';
import { RotateCw, X } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useResendInvitation, useRevokeInvitation } from '@/features/organization/api';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** A pending invitation: address, role, expiry; resend (a new link) or revoke. */
export function InvitationRow({ invitation }: { invitation: TInvitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: errorMessage(error) });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="invitation">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{invitation.email}</p>
        <p className="text-xs text-muted-foreground">
          {ROLE_LABELS[invitation.role]} ·{' '}
          {invitation.expired ? 'Expired' : `Valid until ${formatDateTime(invitation.expires_at)}`}
          {invitation.invited_by ? ` · invited by ${invitation.invited_by}` : ''}
        </p>
      </div>
      {invitation.expired && (
        <Badge variant="outline" className="w-fit">
          Expired
        </Badge>
      )}
      <div className="flex gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () => toast.success('Invitation sent again'),
              onError: failed('Invitation not sent'),
            })
          }
        >
          <RotateCw aria-hidden="true" />
          Resend<span className="sr-only"> to {invitation.email}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => toast.success('Invitation revoked'),
              onError: failed('Invitation not revoked'),
            })
          }
        >
          <X aria-hidden="true" />
          Revoke<span className="sr-only"> invitation of {invitation.email}</span>
        </Button>
      </div>
    </li>
  );
}
