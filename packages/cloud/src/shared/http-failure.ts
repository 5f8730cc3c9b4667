// What an HTTP failure means for the recorder, whichever SDK reported it: 429 is throttling (retry
// after the provider's delay), 401/403 is a denial (never retried), 5xx, 408 and connection
// failures are transient errors, other 4xx are errors not worth repeating.
import type { FailedCall } from '../calls.ts';

export type HttpFailure = {
  /** Undefined when no response came (refused, reset, DNS). */
  status?: number;
  message: string;
  retryAfterMs?: number;
};

export function classifyHttpFailure({ status, message, retryAfterMs }: HttpFailure): FailedCall {
  const delay = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status === 429) return { outcome: 'throttled', retry: true, message, ...delay };
  if (status === 401 || status === 403) return { outcome: 'denied', retry: false, message };
  const transient = status === undefined || status === 408 || status >= 500;
  return { outcome: 'error', retry: transient, message, ...(transient ? delay : {}) };
}
