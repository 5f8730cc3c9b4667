// Shared by the header tests: the two responses each header must be on (the page and an error).
import { randomBytes } from 'node:crypto';
import type { SecurityContext } from '../context.ts';
import type { HttpAnswer } from '../http.ts';
import type { EvidenceLog } from '../outcome.ts';

/** A path that exists nowhere: its answer is an error response (or the SPA's fallback). */
export const secondPath = () => `/selftest-${randomBytes(6).toString('hex')}`;

/** GET / and GET of a missing path: a header must hold on both to count. */
export async function pageAndError(
  context: SecurityContext,
  log: EvidenceLog,
  signal?: AbortSignal,
): Promise<[HttpAnswer, HttpAnswer]> {
  const page = log.exchange(await context.http.request({ path: '/' }, signal));
  const error = log.exchange(await context.http.request({ path: secondPath() }, signal));
  return [page, error];
}
