// Azure errors for the recorder: RestError from the ARM clients and AuthenticationError from
// @azure/identity both carry statusCode; throttling delays come from retry-after-ms,
// x-ms-retry-after-ms (ms) or Retry-After (seconds or a date).
import { type Classifier, retryAfterMs } from '../calls.ts';
import { classifyHttpFailure } from '../shared/http-failure.ts';

type AzureError = {
  name?: string;
  statusCode?: number;
  message?: string;
  code?: string;
  response?: { headers?: { get?: (name: string) => string | undefined } };
};

const IDENTITY_ERRORS = new Set([
  'AuthenticationError',
  'AuthenticationRequiredError',
  'CredentialUnavailableError',
]);

const msHeader = (value: string | undefined) => {
  const ms = Number(value);
  return value && Number.isFinite(ms) ? ms : undefined;
};

export const classifyAzure: Classifier = (error) => {
  const e = (error ?? {}) as AzureError;
  const header = (name: string) => e.response?.headers?.get?.(name);
  return classifyHttpFailure({
    // @azure/identity reports refused credentials (Entra's 400 or 401) under these names.
    status: IDENTITY_ERRORS.has(e.name ?? '') ? 401 : e.statusCode,
    message:
      e.code && !e.message?.includes(e.code)
        ? `${e.code}: ${e.message}`
        : String(e.message ?? error),
    retryAfterMs:
      msHeader(header('retry-after-ms')) ??
      msHeader(header('x-ms-retry-after-ms')) ??
      retryAfterMs(header('retry-after')),
  });
};
