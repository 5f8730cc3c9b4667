import { ROLE_LABELS } from '@netguard/contracts';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useAcceptInvitation } from '@/features/organization/api';
import { errorMessage } from '@/lib/api-client';
import { pendingLink } from '@/lib/pending-link';

const invitation = pendingLink('invite', 'netguard.invitation');

export const pendingInvitation = invitation.pending;

/** Takes the token of an `/auth?invite=<token>` link off the address and keeps it. */
export const useInvitationLink = invitation.useKeep;

/** Once signed in, accepts the kept invitation: the session moves to that organization. */
export function useAcceptPendingInvitation(): void {
  const { mutate } = useAcceptInvitation();
  useEffect(() => {
    const token = invitation.take();
    if (!token) return;
    mutate(token, {
      onSuccess: (session) =>
        toast.success('Invitation accepted', {
          description: `You now work in this organization as ${ROLE_LABELS[session.user.role]}.`,
        }),
      onError: (error) =>
        toast.error('The invitation could not be accepted', { description: errorMessage(error) }),
    });
  }, [mutate]);
}
