import { MFA_LIMITS } from '@netguard/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Which item was copied last, cleared after the backup code copied indicator time (2 s). */
export function useCopied() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const markCopied = useCallback((item: string) => {
    window.clearTimeout(timer.current);
    setCopied(item);
    timer.current = window.setTimeout(() => setCopied(null), MFA_LIMITS.backupCodeCopiedMs);
  }, []);
  return { copied, markCopied };
}
