// The outcome of delivering a batch of events to an HTTP destination: every event ends delivered
// (with the destination's receipt), to be retried (with the reason and any Retry-After) or dead
// (with the reason). Also the fetch wrapper the destinations share: the tenant's network (the
// egress policy), a timeout from the settings, failures classified by @netguard/egress as retries.
import {
  classifyFailure,
  type EgressFailureKind,
  httpFailure,
  type Network,
} from '@netguard/egress';
import type { SiemEvent } from './event.ts';

/** What the destination answered about a delivered event. */
export type Receipt = {
  /** HTTP status of the request (or of the bulk item). */
  status: number;
  /** Splunk HEC: the acknowledgement id to poll when indexer acknowledgement is on. */
  ackId?: number;
  /** Elastic: the bulk item's result (`created`, or `conflict` for an event already stored). */
  result?: string;
  /** Anything else worth keeping, e.g. "already delivered". */
  note?: string;
};

export type Outcome =
  | { eventId: string; status: 'delivered'; receipt: Receipt }
  | {
      eventId: string;
      status: 'retry';
      reason: string;
      retryAfterMs?: number;
      /** No answer came (refused, timed out, the egress policy): the destination, not the events. */
      unreachable?: true;
      /** With `unreachable`: how the connection failed (`policy`: the egress policy refused it). */
      failure?: EgressFailureKind;
    }
  | { eventId: string; status: 'dead'; reason: string };

/** Spec defaults of a SIEM configuration ("Default SIEM settings on create"). */
export const DEFAULT_DELIVERY_SETTINGS = { batchSize: 100, retryAttempts: 3, timeoutSeconds: 30 };

export type DeliverySettings = {
  /** Events per request at most; default 100. */
  batchSize?: number;
  /** Bound on each HTTP request (connect, answer and body); default 30 s. */
  timeoutSeconds?: number;
};

export const timeoutMsOf = (settings: DeliverySettings = {}): number =>
  (settings.timeoutSeconds ?? DEFAULT_DELIVERY_SETTINGS.timeoutSeconds) * 1000;

export const delivered = (events: SiemEvent[], receipt: Receipt): Outcome[] =>
  events.map((e) => ({ eventId: e.id, status: 'delivered', receipt }));

export const retry = (events: SiemEvent[], reason: string, retryAfterMs?: number): Outcome[] =>
  events.map((e) => ({
    eventId: e.id,
    status: 'retry',
    reason,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  }));

export const dead = (events: SiemEvent[], reason: string): Outcome[] =>
  events.map((e) => ({ eventId: e.id, status: 'dead', reason }));

/** Outcomes of a batch whose request got no answer: retry, or dead when it cannot be sent. */
export const unanswered = (events: SiemEvent[], failure: HttpFailure): Outcome[] =>
  failure.retryable
    ? unreachable(events, failure.reason, failure.kind)
    : dead(events, failure.reason);

/** Outcomes of a batch that got no answer at all: retry, marked unreachable. */
export const unreachable = (
  events: SiemEvent[],
  reason: string,
  failure?: EgressFailureKind,
): Outcome[] =>
  events.map((e) => ({
    eventId: e.id,
    status: 'retry',
    reason,
    unreachable: true,
    ...(failure ? { failure } : {}),
  }));

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export type HttpAnswer = { ok: true; status: number; headers: Headers; body: string };
/**
 * A request that got no answer: `retryable` false only when it cannot be sent (an invalid URL);
 * `kind` how the connection failed.
 */
export type HttpFailure = {
  ok: false;
  reason: string;
  retryable: boolean;
  kind?: EgressFailureKind;
};

/**
 * One request through `network` (the egress policy decides where it may go), bounded by
 * `timeoutMs` (answer and body). A failure is not thrown: it comes back as the redacted URL and
 * the classified failure ("refused", "timed out", the policy's reason, …) to retry on.
 */
export async function httpRequest(
  network: Network,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<HttpAnswer | HttpFailure> {
  const where = `${init.method ?? 'GET'} ${redact(url)}`;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    return { ok: false, reason: `${where}: not an http(s) URL`, retryable: false };
  try {
    const response = await network.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    return { ok: true, status: response.status, headers: response.headers, body };
  } catch (error) {
    const failure = classifyFailure(error);
    return {
      ok: false,
      reason: `${where}: ${failure.message}`,
      retryable: true,
      kind: failure.kind,
    };
  }
}

/**
 * The reason of an answer that is not a success: what we call the destination and its status,
 * never what it sent ("Splunk HEC 403: HTTP 403 from the destination").
 */
export const statusReason = (destination: string, status: number): string =>
  `${destination} ${status}: ${httpFailure(status).message}`;

/** An answer's body as a JSON object, or undefined (not JSON, or JSON that is not an object). */
export function readJsonObject(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A URL without its query string, credentials and long path segments (a Sumo source URL's last
 * segment is its secret).
 */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname
      .split('/')
      .map((segment) => (segment.length >= 20 ? '<redacted>' : segment))
      .join('/');
    return `${u.protocol}//${u.host}${path}`;
  } catch {
    return '<invalid URL>';
  }
}
