import type { Executor } from '../../db/client.ts';
import { markFixed } from '../vulnerabilities/vulnerabilities.lifecycle.ts';
import { chunkSummary } from './scans.chunks.repo.ts';
import { finishScan, promoteQueued } from './scans.lifecycle.ts';
import type { ScanStarter } from './scans.service.ts';

/**
 * Ends the scan when no chunk is left: completed, or failed when no target could be scanned.
 * Every worker calls this after its chunk; the last one to commit sees all chunks done.
 * True when this call completed the scan.
 */
export async function completeIfDone(
  db: Executor,
  queue: ScanStarter,
  scan: { id: string; organizationId: string },
  maxConcurrent: number,
): Promise<boolean> {
  const summary = await chunkSummary(db, scan.id);
  if (summary.open > 0) return false;
  const failed = summary.hosts === 0 && !!summary.error;
  const ended = await endScan(db, queue, scan, maxConcurrent, (tx) =>
    failed
      ? finishScan(tx, scan.id, {
          status: 'failed',
          // The chunk's first refusal (its note holds one a line).
          error: `No target could be scanned: ${summary.error?.split('\n')[0]}`,
        })
      : completeAndMarkFixed(tx, scan.id),
  );
  return ended && !failed;
}

/** Completes the scan and marks what it no longer saw as fixed, in the same transaction. */
async function completeAndMarkFixed(tx: Executor, scanId: string) {
  const completed = await finishScan(tx, scanId, { status: 'completed' });
  if (completed) await markFixed(tx, scanId);
  return completed;
}

/** Fails a running scan with a reason. */
export async function failScan(
  db: Executor,
  queue: ScanStarter,
  scan: { id: string; organizationId: string },
  maxConcurrent: number,
  reason: string,
): Promise<void> {
  await endScan(db, queue, scan, maxConcurrent, (tx) =>
    finishScan(tx, scan.id, { status: 'failed', error: reason }),
  );
}

async function endScan(
  db: Executor,
  queue: ScanStarter,
  scan: { id: string; organizationId: string },
  maxConcurrent: number,
  finish: (tx: Executor) => Promise<unknown>,
) {
  const ended = await db.transaction(async (tx) => {
    if (!(await finish(tx))) return null;
    return promoteQueued(tx, scan.organizationId, maxConcurrent);
  });
  for (const id of ended ?? []) await queue.sendPlan(id);
  return ended !== null;
}
