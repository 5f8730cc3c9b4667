// Elastic _bulk with ECS documents: POST <endpoint>/_bulk (NDJSON), `Authorization: ApiKey <key>`
// or Basic; each event's outcome from its item in the answer, or from the whole answer.
import type { Network } from '@netguard/egress';
import { type BatchAnswer, sendInBatches, utf8Bytes } from '../batch.ts';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  dead,
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
import { formatEcsBulk } from '../formats/ecs.ts';

export type ElasticAuth = { apiKey: string } | { username: string; password: string };

export type ElasticTarget = {
  /** e.g. https://es.example:9200 */
  endpoint: string;
  auth: ElasticAuth;
  index?: string;
  /** Bytes per request at most; default 5 MB (Elasticsearch's http.max_content_length is 100 MB). */
  maxBytes?: number;
};

type BulkItem = { status?: unknown; _id?: unknown; result?: unknown };

/** Item results kept in a receipt; any other text the answer holds is not repeated. */
const BULK_RESULTS = new Set(['created', 'updated', 'noop']);

const authorization = (auth: ElasticAuth): string =>
  'apiKey' in auth
    ? `ApiKey ${auth.apiKey}`
    : `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;

/** Sends the events in batches and returns one outcome per event; a 413 halves the batch. */
export async function sendElasticBulk(
  network: Network,
  target: ElasticTarget,
  events: SiemEvent[],
  settings: DeliverySettings = {},
): Promise<Outcome[]> {
  const maxBytes = target.maxBytes ?? 5_000_000;
  return sendInBatches(
    events,
    {
      maxCount: settings.batchSize ?? DEFAULT_DELIVERY_SETTINGS.batchSize,
      maxBytes,
      sizeOf: (e) => utf8Bytes(formatEcsBulk([e], target)),
      separatorBytes: 0,
    },
    (b) => sendBatch(network, target, b, settings),
  );
}

async function sendBatch(
  network: Network,
  target: ElasticTarget,
  batch: SiemEvent[],
  settings: DeliverySettings,
): Promise<BatchAnswer> {
  const answer = await httpRequest(
    network,
    `${target.endpoint.replace(/\/+$/, '')}/_bulk`,
    {
      method: 'POST',
      headers: {
        authorization: authorization(target.auth),
        'content-type': 'application/x-ndjson',
      },
      body: formatEcsBulk(batch, target),
    },
    timeoutMsOf(settings),
  );
  if (!answer.ok) return unanswered(batch, answer);
  const why = statusReason('Elasticsearch _bulk', answer.status);
  if (answer.status === 413) return { tooLarge: true, reason: why };
  if (answer.status === 429 || answer.status >= 500)
    return retry(batch, why, parseRetryAfter(answer.headers.get('retry-after')));
  if (answer.status < 200 || answer.status >= 300) return dead(batch, why);
  return classifyBulkItems(batch, answer.body);
}

/**
 * Each event's outcome from its item (same order as the request): 2xx delivered, 409 delivered
 * as "already delivered" (the `create` of an `_id` already stored), 429 and 5xx retry, other 4xx
 * dead with the item's status. An answer without a matching item retries the unmatched events.
 */
export function classifyBulkItems(batch: SiemEvent[], body: string): Outcome[] {
  const items = readJsonObject(body)?.items;
  if (!Array.isArray(items)) return retry(batch, 'Elasticsearch _bulk: an answer without items');
  return batch.map((event, i): Outcome => {
    const entry: unknown = items[i];
    const item =
      entry !== null && typeof entry === 'object'
        ? (Object.values(entry)[0] as BulkItem | undefined)
        : undefined;
    const status = typeof item?.status === 'number' ? item.status : undefined;
    if (!item || status === undefined || (item._id !== undefined && item._id !== event.id))
      return {
        eventId: event.id,
        status: 'retry',
        reason: `Elasticsearch _bulk: no item for event ${i}`,
      };
    if (status >= 200 && status < 300)
      return {
        eventId: event.id,
        status: 'delivered',
        receipt: {
          status,
          result:
            typeof item.result === 'string' && BULK_RESULTS.has(item.result)
              ? item.result
              : 'created',
        },
      };
    if (status === 409)
      return {
        eventId: event.id,
        status: 'delivered',
        receipt: { status: 409, result: 'conflict', note: 'already delivered' },
      };
    const reason = `Elasticsearch _bulk item ${status}`;
    if (status === 429 || status >= 500) return { eventId: event.id, status: 'retry', reason };
    return { eventId: event.id, status: 'dead', reason };
  });
}
