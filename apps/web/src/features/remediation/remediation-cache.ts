import type { QueryClient } from '@tanstack/react-query';
import { remediationKeys } from '@/features/remediation/remediation-keys';

/**
 * An execution changed state (a `remediation.execution` message carries only its id and status),
 * or the socket reconnected: the executions, the cards and the batches' counts are read again
 * through the API, which checks the role.
 */
export function invalidateRemediationQueries(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: remediationKeys.executions() });
  void client.invalidateQueries({ queryKey: remediationKeys.overview() });
  void client.invalidateQueries({ queryKey: remediationKeys.batches() });
}
