// Sumo Logic HTTP source: POST to the source's URL (its path is the secret), gzip body, one JSON
// event per line, metadata in X-Sumo-Category/Name/Host.
import { gzipSync } from 'node:zlib';
import type { Network } from '@netguard/egress';
import { type BatchAnswer, sendInBatches, utf8Bytes } from '../batch.ts';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  dead,
  delivered,
  httpRequest,
  type Outcome,
  parseRetryAfter,
  retry,
  statusReason,
  timeoutMsOf,
  unanswered,
} from '../delivery.ts';
import type { SiemEvent } from '../event.ts';

export type SumoTarget = {
  /** The HTTP source URL, e.g. https://endpoint1.collection.sumologic.com/receiver/v1/http/<token> */
  url: string;
  category?: string;
  name?: string;
  host?: string;
};

/** Sumo recommends requests of 100 KB to 1 MB uncompressed: batches stay under 1 MB. */
export const SUMO_MAX_BYTES = 1_000_000;

/** Sends the events gzip-compressed in batches under 1 MB; one outcome per event. */
export async function sendSumo(
  network: Network,
  target: SumoTarget,
  events: SiemEvent[],
  settings: DeliverySettings = {},
): Promise<Outcome[]> {
  return sendInBatches(
    events,
    {
      maxCount: settings.batchSize ?? DEFAULT_DELIVERY_SETTINGS.batchSize,
      maxBytes: SUMO_MAX_BYTES,
      sizeOf: (e) => utf8Bytes(JSON.stringify(e)),
    },
    (b) => sendBatch(network, target, b, settings),
  );
}

async function sendBatch(
  network: Network,
  target: SumoTarget,
  batch: SiemEvent[],
  settings: DeliverySettings,
): Promise<BatchAnswer> {
  const answer = await httpRequest(
    network,
    target.url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        ...(target.category ? { 'x-sumo-category': target.category } : {}),
        ...(target.name ? { 'x-sumo-name': target.name } : {}),
        ...(target.host ? { 'x-sumo-host': target.host } : {}),
      },
      body: gzipSync(batch.map((e) => JSON.stringify(e)).join('\n')),
    },
    timeoutMsOf(settings),
  );
  if (!answer.ok) return unanswered(batch, answer);
  const why = statusReason('Sumo Logic', answer.status);
  if (answer.status >= 200 && answer.status < 300)
    return delivered(batch, { status: answer.status });
  if (answer.status === 413) return { tooLarge: true, reason: why };
  if (answer.status === 429 || answer.status === 408 || answer.status >= 500)
    return retry(batch, why, parseRetryAfter(answer.headers.get('retry-after')));
  // 401/403/404: a wrong or deleted source URL; other 4xx: a request resending cannot fix.
  return dead(batch, why);
}
