import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';

/**
 * Request ids: every API request has one (the caller's X-Request-Id when it is a short safe
 * token, else a random one), the jobs it enqueues carry it, and the realtime messages of that
 * work name it, so one id finds a request's whole trail in the logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A short token with nothing that could forge or split a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && SAFE_REQUEST_ID.test(value);

export const newRequestId = (): string => randomUUID();

/** The id of an incoming request: the caller's header when it is safe, else a generated one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return isRequestId(header) ? header : newRequestId();
}

/** The request (or job, or scheduled task) the running code works for, and its logger. */
export type Trace = { requestId: string; log: Logger };

const traces = new AsyncLocalStorage<Trace>();

/** Runs `work`, and everything it starts, as work for `trace`. */
export const withTrace = <T>(trace: Trace, work: () => T): T => traces.run(trace, work);

/** The trace of the running code; undefined outside a request, job or task. */
export const currentTrace = (): Trace | undefined => traces.getStore();

/** The running trace's logger (it carries reqId), else `fallback`. */
export const traceLog = (fallback: Logger): Logger => traces.getStore()?.log ?? fallback;
