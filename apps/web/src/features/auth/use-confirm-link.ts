import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useConfirmEmail } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';

// Tokens are single-use: remember the ones sent so a re-render (or StrictMode) never resends.
const handledTokens = new Set<string>();

/** Confirms the email of an `/auth?confirm=<token>` link, toasts the outcome and clears the query. */
export function useConfirmLink(): void {
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm');
  const { mutate } = useConfirmEmail();

  useEffect(() => {
    if (!token || handledTokens.has(token)) return;
    handledTokens.add(token);
    setParams(
      (current) => {
        current.delete('confirm');
        return current;
      },
      { replace: true },
    );
    mutate(token, {
      onSuccess: () => toast.success('Email confirmed', { description: 'You can now sign in' }),
      onError: (error) =>
        toast.error('Email confirmation failed', { description: errorMessage(error) }),
    });
  }, [token, mutate, setParams]);
}
