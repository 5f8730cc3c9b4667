import type { QueryClient } from '@tanstack/react-query';
import { remediationKeys } from '@/features/remediation/remediation-keys';

/**
 * An execution changed state (a `remediation.execution` message carries only its id and status),
 * or the socket reconnected: the executions and the cards are read again through the API, which
 * checks the role.
 */
export function invalidateRemediationQueries(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: remediationKeys.executions() });
  void client.invalidateQueries({ queryKey: remediationKeys.overview() });
}
