import type { TestOutcome } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { type EvidenceLog, failed, inconclusive } from '../outcome.ts';

/**
 * The verdict of a transport test on a plain-HTTP deployment: failed, because the deployment was
 * reached and answered without TLS (the scheme is one signal, the answer over plain HTTP the other).
 * That is the right verdict, not a missing one: the probe ran and found no TLS to judge.
 */
export async function plainHttpFailure(
  context: SecurityContext,
  log: EvidenceLog,
  what: string,
  signal?: AbortSignal,
): Promise<TestOutcome> {
  const answer = await context.http
    .request({ method: 'HEAD', path: '/' }, signal)
    .catch(() => null);
  if (!answer)
    return inconclusive(`${context.baseUrl.origin} did not answer, so nothing is concluded.`, log);
  log.exchange(answer, `HEAD ${context.baseUrl.origin}/ over plain HTTP → ${answer.status}`);
  return failed(
    `The deployment is served over plain HTTP (${context.baseUrl.origin} answered ${answer.status} without TLS): ${what}.`,
    log,
    'Serve NetGuard over HTTPS: put it behind a TLS-terminating reverse proxy and set PUBLIC_URL to the https address.',
  );
}
