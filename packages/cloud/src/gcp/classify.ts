// Google API errors for the recorder: GaxiosError carries the status, the Retry-After header and
// Google's error body ({ error: { code, status: PERMISSION_DENIED, message } }).
import { type Classifier, retryAfterMs } from '../calls.ts';
import { classifyHttpFailure } from '../shared/http-failure.ts';

type GoogleError = {
  status?: number;
  message?: string;
  response?: {
    status?: number;
    headers?: { get?: (name: string) => string | null };
    data?: { error?: { status?: string; message?: string } | string; error_description?: string };
  };
};

/** Google's own reason: the API error body's status and message, or the token endpoint's error. */
export function googleMessage(error: unknown): string {
  const e = (error ?? {}) as GoogleError;
  const body = e.response?.data?.error;
  if (body && typeof body === 'object' && body.message) {
    return body.status ? `${body.status}: ${body.message}` : body.message;
  }
  return e.message ?? String(error);
}

/** OAuth errors the token endpoint answers with 400 that mean the key itself is refused. */
const REFUSED_GRANTS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

export const classifyGcp: Classifier = (error) => {
  const e = (error ?? {}) as GoogleError;
  const oauthError = e.response?.data?.error;
  const refused = typeof oauthError === 'string' && REFUSED_GRANTS.has(oauthError);
  return classifyHttpFailure({
    status: refused ? 401 : (e.status ?? e.response?.status),
    message: googleMessage(error),
    retryAfterMs: retryAfterMs(e.response?.headers?.get?.('retry-after')),
  });
};
