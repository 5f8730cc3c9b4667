import type { TScanListItem, TScanStatus } from '@netguard/contracts';

export type TScanNotice = { id: string; scanName: string; status: 'completed' | 'failed' };

/**
 * The notice a scan event raises: only when it reaches completed or failed from another state
 * (a repeated completed event, or one for a scan already known as completed, raises nothing).
 */
export function finishedNotice(
  before: TScanStatus | undefined,
  scan: Pick<TScanListItem, 'id' | 'scan_name' | 'status'>,
): TScanNotice | null {
  if (scan.status !== 'completed' && scan.status !== 'failed') return null;
  if (before === scan.status) return null;
  return { id: scan.id, scanName: scan.scan_name, status: scan.status };
}
