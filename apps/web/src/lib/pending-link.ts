import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A token that arrives as `/auth?<param>=<token>` and is redeemed once signed in. It is kept in
 * localStorage across the sign-up, the confirmation link (often another tab) and the sign-in.
 */
export function pendingLink(param: string, storageKey: string) {
  return {
    pending: (): string | null => localStorage.getItem(storageKey),

    /** Takes the token off the address and keeps it. */
    useKeep(): void {
      const [params, setParams] = useSearchParams();
      const token = params.get(param);
      useEffect(() => {
        if (!token) return;
        localStorage.setItem(storageKey, token);
        setParams(
          (current) => {
            current.delete(param);
            return current;
          },
          { replace: true },
        );
      }, [token, setParams, param, storageKey]);
    },

    /** The kept token, forgotten as it is taken: a signed-in page redeems it once. */
    take(): string | null {
      const token = localStorage.getItem(storageKey);
      localStorage.removeItem(storageKey);
      return token;
    },
  };
}
