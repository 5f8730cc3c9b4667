import type { TReport } from '@netguard/contracts';

/** Generation runs as a server job; stop waiting after this many reads and leave it to the list. */
export const MAX_POLLS = 300;
export const STILL_GENERATING =
  'The report is taking longer than usual. It will appear in the list when it is ready.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the report every `intervalMs` until its job has finished: resolves with it when ready,
 * rejects with its error when it failed, or with STILL_GENERATING after MAX_POLLS reads.
 */
export async function waitUntilGenerated(
  read: () => Promise<TReport>,
  intervalMs: number,
): Promise<TReport> {
  for (let poll = 0; poll < MAX_POLLS; poll++) {
    const report = await read();
    if (report.status === 'ready') return report;
    if (report.status === 'failed') throw new Error(report.error ?? 'Report generation failed');
    await sleep(intervalMs);
  }
  throw new Error(STILL_GENERATING);
}
