// Azure errors for the recorder: RestError from the ARM clients and AuthenticationError from
// @azure/identity both carry statusCode; throttling delays come from retry-after-ms,
// x-ms-retry-after-ms (ms) or Retry-After (seconds or a date).
import { type Classifier, retryAfterMs } from '../calls.ts';
import { classifyHttpFailure } from '../shared/http-failure.ts';

type AzureError = {
  statusCode?: number;
  message?: string;
  code?: string;
  response?: { headers?: { get?: (name: string) => string | undefined } };
};

const msHeader = (value: string | undefined) => {
  const ms = Number(value);
  return value && Number.isFinite(ms) ? ms : undefined;
};

export const classifyAzure: Classifier = (error) => {
  const e = (error ?? {}) as AzureError;
  const header = (name: string) => e.response?.headers?.get?.(name);
  return classifyHttpFailure({
    status: e.statusCode,
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
