import type { TApiError, TErrorCode } from '@netguard/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/outage.ts';
import { AppError } from '../lib/errors.ts';

type Issue = { path: string; message: string };
type Failure = { status: number; body: TApiError };

const STATUS_CODES: Record<number, TErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
};

const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (limit 1 MB)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body does not match its Content-Length',
};

const DATABASE_UNAVAILABLE = 'The database is unavailable. Try again in a few seconds.';

function fail(status: number, code: string, message: string, details?: unknown): Failure {
  return { status, body: { error: { code, message, ...(details ? { details } : {}) } } };
}

/** Flattens zod issues; a failed union reports the first branch's issues. */
function toIssues(validation: { instancePath: string; message?: string; params: unknown }[]) {
  const issues: Issue[] = [];
  for (const entry of validation) {
    const base = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const branches = (entry.params as { errors?: { path: PropertyKey[]; message: string }[][] })
      .errors;
    const branch = branches?.[0];
    if (branch?.length) {
      for (const inner of branch) {
        const path = [base, ...inner.path.map(String)].filter(Boolean).join('.');
        issues.push({ path, message: inner.message });
      }
    } else {
      issues.push({ path: base, message: entry.message ?? 'Invalid input' });
    }
  }
  return issues;
}

/** Maps any thrown error to the API error body; unknown errors become a logged 500. */
export function toFailure(error: FastifyError | AppError | Error): Failure {
  if (error instanceof AppError)
    return fail(error.status, error.code, error.message, error.details);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = toIssues(error.validation);
    return fail(400, 'validation_error', issues[0]?.message ?? 'Invalid input', issues);
  }
  if (isDatabaseUnavailable(error)) return fail(503, 'service_unavailable', DATABASE_UNAVAILABLE);
  if (error instanceof SyntaxError)
    return fail(400, 'bad_request', 'Malformed JSON in request body');
  const { statusCode, code } = error as FastifyError;
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    const message = FRIENDLY_MESSAGES[code] ?? error.message;
    const status = statusCode === 415 ? 400 : statusCode;
    return fail(status, STATUS_CODES[status] ?? 'bad_request', message);
  }
  return fail(500, 'internal_error', 'Internal server error');
}

/**
 * One error handler for the whole API; a 503 says when to try again (Retry-After). The body
 * carries the request's id for the user to quote.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = toFailure(error);
    if (failure.status === 503) {
      request.log.warn({ err: error }, 'request failed: service unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(failure.status).send({ ...failure.body, request_id: request.id });
  });
}
