import { ROLE_LABELS } from '@netguard/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAcceptInvitation } from '@/features/organization/api';
import { errorMessage } from '@/lib/api-client';

// Kept across the sign-up, the confirmation link (often another tab) and the sign-in.
const STORAGE_KEY = 'netguard.invitation';

export const pendingInvitation = (): string | null => localStorage.getItem(STORAGE_KEY);

/** Takes the token of an `/auth?invite=<token>` link off the address and keeps it. */
export function useInvitationLink(): void {
  const [params, setParams] = useSearchParams();
  const token = params.get('invite');
  useEffect(() => {
    if (!token) return;
    localStorage.setItem(STORAGE_KEY, token);
    setParams(
      (current) => {
        current.delete('invite');
        return current;
      },
      { replace: true },
    );
  }, [token, setParams]);
}

/** Once signed in, accepts the kept invitation: the session moves to that organization. */
export function useAcceptPendingInvitation(): void {
  const { mutate } = useAcceptInvitation();
  useEffect(() => {
    const token = pendingInvitation();
    if (!token) return;
    localStorage.removeItem(STORAGE_KEY);
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
