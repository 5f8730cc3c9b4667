// What an AWS SDK error means for the call recorder: throttled (retry, after Retry-After when the
// service sent one), denied, a server or network fault (retry), or an error that another attempt
// will not change.
import { type Classifier, retryAfterMs } from '../calls.ts';

const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'TooManyRequestsException',
  'SlowDown',
  'TooManyRequests',
  'PriorRequestNotComplete',
]);
const DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'AuthFailure',
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
]);
const NETWORK = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'TimeoutError',
]);

type SdkError = {
  name?: string;
  code?: string;
  message?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
  $response?: { headers?: Record<string, string | undefined> };
};

export const classifyAws: Classifier = (error) => {
  const e = (error ?? {}) as SdkError;
  const name = e.name ?? e.code ?? 'Error';
  const status = e.$metadata?.httpStatusCode;
  const message = `${name}: ${e.message ?? String(error)}`;
  if (THROTTLED.has(name) || status === 429) {
    const after = retryAfterMs(e.$response?.headers?.['retry-after']);
    return {
      outcome: 'throttled',
      retry: true,
      message,
      ...(after === undefined ? {} : { retryAfterMs: after }),
    };
  }
  if (DENIED.has(name) || status === 403) return { outcome: 'denied', retry: false, message };
  const network = NETWORK.has(name) || (e.code !== undefined && NETWORK.has(e.code));
  if ((status !== undefined && status >= 500) || e.$fault === 'server' || network)
    return { outcome: 'error', retry: true, message };
  return { outcome: 'error', retry: false, message };
};
