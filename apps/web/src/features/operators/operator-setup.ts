import {
  OPERATOR_SETUP_PARAM,
  OPERATOR_SETUP_TEXT,
  ZOperatorSetupResult,
} from '@netguard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { pendingLink } from '@/lib/pending-link';

// The link `npm start` prints while the deployment has no operator.
const setup = pendingLink(OPERATOR_SETUP_PARAM, 'netguard.operatorSetup');

/** Takes the token of an `/auth?operator_setup=<token>` link off the address and keeps it. */
export const useOperatorSetupLink = setup.useKeep;

/** Once signed in, redeems the kept setup link: the person becomes the deployment operator. */
export function useClaimOperatorSetup(): void {
  const { mutate } = useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/operators/setup', {
        method: 'POST',
        body: { token },
        schema: ZOperatorSetupResult,
      }),
  });
  useEffect(() => {
    const token = setup.take();
    if (!token) return;
    mutate(token, {
      onSuccess: () =>
        toast.success('Deployment operator', { description: OPERATOR_SETUP_TEXT.claimed }),
      onError: (error) =>
        toast.error('The operator setup link did not work', { description: errorMessage(error) }),
    });
  }, [mutate]);
}
