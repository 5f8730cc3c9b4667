// Microsoft Sentinel through the Azure Monitor Logs Ingestion API (not the retired HTTP Data
// Collector API): an Entra ID token by client credentials, then a JSON array of records POSTed to
// a data collection rule's stream on a data collection endpoint.
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
import { requestToken, TokenCache } from './oauth.ts';

export type SentinelTarget = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Default https://login.microsoftonline.com */
  authorityHost?: string;
  /** The data collection endpoint, e.g. https://my-dce.westeurope-1.ingest.monitor.azure.com */
  dceEndpoint: string;
  /** The DCR's immutable id, dcr-… */
  dcrImmutableId: string;
  /** e.g. Custom-NetGuard_CL */
  streamName: string;
};

export const SENTINEL_SCOPE = 'https://monitor.azure.com//.default';
export const SENTINEL_API_VERSION = '2023-01-01';
/** The Logs Ingestion API refuses calls over 1 MB (compressed or not): batches stay under it. */
export const SENTINEL_MAX_BYTES = 1_000_000;

/** The record sent for an event: the SiemEvent with `TimeGenerated` (what the DCR maps). */
export const sentinelRecord = (event: SiemEvent) => ({ TimeGenerated: event.time, ...event });

/** One sender per integration: it keeps the token until it expires. */
export class SentinelSender {
  private readonly tokens: TokenCache;

  constructor(
    private readonly network: Network,
    private readonly target: SentinelTarget,
    private readonly settings: DeliverySettings = {},
  ) {
    const authority = (target.authorityHost ?? 'https://login.microsoftonline.com').replace(
      /\/+$/,
      '',
    );
    this.tokens = new TokenCache(() =>
      requestToken(
        network,
        `${authority}/${encodeURIComponent(target.tenantId)}/oauth2/v2.0/token`,
        {
          grant_type: 'client_credentials',
          client_id: target.clientId,
          client_secret: target.clientSecret,
          scope: SENTINEL_SCOPE,
        },
        timeoutMsOf(settings),
        'Microsoft Entra ID',
      ),
    );
  }

  /** Sends the events in batches under 1 MB; a 413 halves the batch; one outcome per event. */
  async send(events: SiemEvent[]): Promise<Outcome[]> {
    return sendInBatches(
      events,
      {
        maxCount: this.settings.batchSize ?? DEFAULT_DELIVERY_SETTINGS.batchSize,
        maxBytes: SENTINEL_MAX_BYTES,
        sizeOf: (e) => utf8Bytes(JSON.stringify(sentinelRecord(e))),
        frameBytes: 2,
      },
      (b) => this.sendBatch(b),
    );
  }

  private async sendBatch(batch: SiemEvent[]): Promise<BatchAnswer> {
    const got = await this.tokens.forBatch(batch);
    if ('outcomes' in got) return got.outcomes;
    const t = this.target;
    const url = `${t.dceEndpoint.replace(/\/+$/, '')}/dataCollectionRules/${encodeURIComponent(
      t.dcrImmutableId,
    )}/streams/${encodeURIComponent(t.streamName)}?api-version=${SENTINEL_API_VERSION}`;
    const answer = await httpRequest(
      this.network,
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${got.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(batch.map(sentinelRecord)),
      },
      timeoutMsOf(this.settings),
    );
    if (!answer.ok) return unanswered(batch, answer);
    const why = statusReason('Azure Logs Ingestion', answer.status);
    if (answer.status === 204 || answer.status === 200)
      return delivered(batch, { status: answer.status });
    if (answer.status === 413) return { tooLarge: true, reason: why };
    if (answer.status === 429 || answer.status === 408 || answer.status >= 500)
      return retry(batch, why, parseRetryAfter(answer.headers.get('retry-after')));
    if (answer.status === 401) this.tokens.clear();
    // 401/403: the app lacks the Monitoring Metrics Publisher role on the DCR, or a bad token;
    // 400/404: a wrong DCR, stream or records that do not match it.
    return dead(batch, why);
  }
}
