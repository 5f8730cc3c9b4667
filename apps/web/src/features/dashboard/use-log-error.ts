import { useEffect } from 'react';

/** Logs a query error once per error (the spec shows dashboard data errors only in the console). */
export function useLogError(label: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`${label}:`, error);
  }, [label, error]);
}
