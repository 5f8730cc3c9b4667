// Splunk HTTP Event Collector: POST <endpoint>/services/collector/event, `Authorization: Splunk
// <token>`, the HEC objects one per line; with indexer acknowledgement, a channel header and the
// answer's ackId, polled through /services/collector/ack.
import type { Network } from '@netguard/egress';
import { splitIntoBatches, tooLargeOutcomes, utf8Bytes } from '../batch.ts';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  dead,
  delivered,
  httpRequest,
  type Outcome,
  parseRetryAfter,
  readJsonObject,
  retry,
  statusReason,
  timeoutMsOf,
  unanswered,
} from '../delivery.ts';
import type { SiemEvent } from '../event.ts';
import { type HecOptions, hecEvent } from '../formats/hec.ts';

export type SplunkHecTarget = HecOptions & {
  /** e.g. https://splunk.example:8088 */
  endpoint: string;
  token: string;
  /** A UUID per integration: sent as X-Splunk-Request-Channel (needed with indexer acknowledgement). */
  channel?: string;
  /** Bytes per request at most; default 1 MB (HEC's max_content_length defaults to 800 MB). */
  maxBytes?: number;
};

/**
 * HEC status codes (the answer's `code`) and what they mean for the events of the request:
 * retry for a busy or failing server, dead for what resending cannot fix.
 */
export const HEC_CODES: Record<number, { text: string; outcome: 'delivered' | 'retry' | 'dead' }> =
  {
    0: { text: 'Success', outcome: 'delivered' },
    1: { text: 'Token disabled', outcome: 'dead' },
    2: { text: 'Token is required', outcome: 'dead' },
    3: { text: 'Invalid authorization', outcome: 'dead' },
    4: { text: 'Invalid token', outcome: 'dead' },
    5: { text: 'No data', outcome: 'dead' },
    6: { text: 'Invalid data format', outcome: 'dead' },
    7: { text: 'Incorrect index', outcome: 'dead' },
    8: { text: 'Internal server error', outcome: 'retry' },
    9: { text: 'Server is busy', outcome: 'retry' },
    10: { text: 'Data channel is missing', outcome: 'dead' },
    11: { text: 'Invalid data channel', outcome: 'dead' },
    12: { text: 'Event field is required', outcome: 'dead' },
    13: { text: 'Event field cannot be blank', outcome: 'dead' },
    14: { text: 'ACK is disabled', outcome: 'dead' },
    15: { text: 'Error in handling indexed fields', outcome: 'dead' },
    16: { text: 'Query string authorization is not enabled', outcome: 'dead' },
  };

/** A number the answer holds under `key`, or undefined. */
const numberIn = (answer: Record<string, unknown> | undefined, key: string) =>
  typeof answer?.[key] === 'number' ? (answer[key] as number) : undefined;

const headers = (target: SplunkHecTarget): Record<string, string> => ({
  authorization: `Splunk ${target.token}`,
  'content-type': 'application/json',
  ...(target.channel ? { 'x-splunk-request-channel': target.channel } : {}),
});

const base = (endpoint: string) => endpoint.replace(/\/+$/, '');

/** Sends the events in batches (batchSize, maxBytes) and returns one outcome per event. */
export async function sendSplunkHec(
  network: Network,
  target: SplunkHecTarget,
  events: SiemEvent[],
  settings: DeliverySettings = {},
): Promise<Outcome[]> {
  const maxBytes = target.maxBytes ?? 1_000_000;
  const line = (e: SiemEvent) => JSON.stringify(hecEvent(e, target));
  const { batches, tooLarge } = splitIntoBatches(events, {
    maxCount: settings.batchSize ?? DEFAULT_DELIVERY_SETTINGS.batchSize,
    maxBytes,
    sizeOf: (e) => utf8Bytes(line(e)),
  });
  const outcomes = tooLargeOutcomes(tooLarge, maxBytes);
  for (const batch of batches) {
    const answer = await httpRequest(
      network,
      `${base(target.endpoint)}/services/collector/event`,
      { method: 'POST', headers: headers(target), body: batch.map(line).join('\n') },
      timeoutMsOf(settings),
    );
    if (!answer.ok) outcomes.push(...unanswered(batch, answer));
    else outcomes.push(...classifyHecAnswer(batch, answer.status, answer.body, answer.headers));
  }
  return outcomes;
}

/**
 * Outcomes of one batch from HEC's answer: by `code` (HEC_CODES) when the body has one, else by
 * the HTTP status (429 and 5xx retry, honouring Retry-After; other 4xx dead; a 2xx that is not
 * HEC's JSON, e.g. a proxy's page, retry: nothing says Splunk has the events). With code 6 and an
 * `invalid-event-number` n, HEC has indexed the events before n: those are delivered, event n is
 * dead and the ones after it (not read) are retried. Reasons carry the status and our own words
 * for a known code, never the answer's text.
 */
export function classifyHecAnswer(
  batch: SiemEvent[],
  status: number,
  body: string,
  responseHeaders: Headers,
): Outcome[] {
  const parsed = readJsonObject(body);
  const code = numberIn(parsed, 'code');
  const ackId = numberIn(parsed, 'ackId');
  const retryAfterMs = parseRetryAfter(responseHeaders.get('retry-after'));
  const known = code === undefined ? undefined : HEC_CODES[code];
  const why =
    code === 0 || !known
      ? statusReason('Splunk HEC', status)
      : `${statusReason('Splunk HEC', status)} (code ${code}: ${known.text})`;
  if (status >= 200 && status < 300 && code === undefined)
    return retry(batch, `Splunk HEC ${status} without a HEC answer (a proxy?)`);
  if (status >= 200 && status < 300 && code === 0)
    return delivered(batch, { status, ...(ackId === undefined ? {} : { ackId }) });
  const invalid = numberIn(parsed, 'invalid-event-number');
  if (code === 6 && invalid !== undefined && invalid >= 0 && invalid < batch.length)
    return [
      ...delivered(batch.slice(0, invalid), { status, note: 'indexed before the invalid event' }),
      ...dead(batch.slice(invalid, invalid + 1), why),
      ...retry(batch.slice(invalid + 1), `not read: HEC stopped at event ${invalid} (${why})`),
    ];
  if (known) {
    if (known.outcome === 'retry') return retry(batch, why, retryAfterMs);
    if (known.outcome === 'dead') return dead(batch, why);
  }
  if (status === 429 || status === 408 || status >= 500) return retry(batch, why, retryAfterMs);
  return dead(batch, why);
}

export type AckStatus = { acknowledged: number[]; pending: number[] } | { error: string };

/** Asks HEC which ackIds are indexed (needs `channel`): POST /services/collector/ack {acks}. */
export async function checkSplunkAcks(
  network: Network,
  target: SplunkHecTarget,
  ackIds: number[],
  settings: DeliverySettings = {},
): Promise<AckStatus> {
  if (!target.channel) return { error: 'Splunk HEC acknowledgement needs a channel' };
  const answer = await httpRequest(
    network,
    `${base(target.endpoint)}/services/collector/ack`,
    { method: 'POST', headers: headers(target), body: JSON.stringify({ acks: ackIds }) },
    timeoutMsOf(settings),
  );
  if (!answer.ok) return { error: answer.reason };
  if (answer.status !== 200) return { error: statusReason('Splunk HEC ack', answer.status) };
  const acks = readJsonObject(answer.body)?.acks;
  if (acks === null || typeof acks !== 'object')
    return { error: 'Splunk HEC ack: an answer without acks' };
  const done = (id: number) => (acks as Record<string, unknown>)[String(id)] === true;
  return {
    acknowledged: ackIds.filter(done),
    pending: ackIds.filter((id) => !done(id)),
  };
}
