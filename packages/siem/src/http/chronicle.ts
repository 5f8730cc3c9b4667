// Google Security Operations (Chronicle) Ingestion API: events as UDM, POSTed to
// <endpoint>/v2/udmevents:batchCreate with a service account's token (a signed JWT exchanged at
// the key's token_uri).
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
import { type EventType, emailOf, type Severity, type SiemEvent } from '../event.ts';
import { requestToken, signJwtRs256, TokenCache } from './oauth.ts';

/** The fields of a service account key file that the sender uses. */
export type ServiceAccountKey = {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
};

export type ChronicleTarget = {
  /** Default https://malachiteingestion-pa.googleapis.com (regional hosts exist). */
  endpoint?: string;
  customerId: string;
  serviceAccount: ServiceAccountKey;
};

export const CHRONICLE_SCOPE = 'https://www.googleapis.com/auth/malachite-ingestion';
export const CHRONICLE_MAX_BYTES = 1_000_000;

const UDM_SEVERITY: Record<Severity, string> = {
  critical: 'CRITICAL',
  high: 'HIGH',
  medium: 'MEDIUM',
  low: 'LOW',
  info: 'INFORMATIONAL',
};

const AUTH = /auth|login|logon|sign-?in/i;

/**
 * The UDM event type: SCAN_VULN_HOST for findings, SCAN_HOST for scans, USER_LOGIN for security
 * events about authentication (with a user and an auth-like category), GENERIC_EVENT otherwise.
 */
export function udmEventType(event: SiemEvent): string {
  const byType: Partial<Record<EventType, string>> = {
    vulnerability_found: 'SCAN_VULN_HOST',
    scan_started: 'SCAN_HOST',
    scan_completed: 'SCAN_HOST',
  };
  if (byType[event.type]) return byType[event.type] as string;
  if (
    event.type === 'security_event' &&
    event.user &&
    AUTH.test(`${event.category ?? ''} ${event.title}`)
  )
    return 'USER_LOGIN';
  return 'GENERIC_EVENT';
}

type Json = Record<string, unknown>;
const defined = (o: Json): Json | undefined => {
  const kept = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length ? kept : undefined;
};

/**
 * A SiemEvent as UDM: metadata (type, time, product and vendor NetGuard, the event id as
 * product_log_id), principal = the scanner (application = source, ip = sourceIp, user), target =
 * the host (hostname, ip, port), security_result with severity and texts, CVE details under
 * extensions.vulns, and the rest under additional.
 */
export function udmEvent(event: SiemEvent): Json {
  const eventType = udmEventType(event);
  const login = eventType === 'USER_LOGIN';
  const email = emailOf(event);
  const user = defined({
    userid: event.user,
    email_addresses: email ? [email] : undefined,
    product_object_id: event.userId,
  });
  return defined({
    metadata: defined({
      event_type: eventType,
      event_timestamp: event.time,
      product_name: 'NetGuard',
      vendor_name: 'NetGuard',
      product_event_type: event.type,
      product_log_id: event.id,
      description: event.title,
    }),
    principal: defined({
      application: event.source,
      ip: event.sourceIp ? [event.sourceIp] : undefined,
      user: login ? undefined : user,
    }),
    target: defined({
      hostname: event.host,
      ip: event.ip ? [event.ip] : undefined,
      port: event.port,
      user: login ? user : undefined,
    }),
    network: event.protocol ? { ip_protocol: event.protocol.toUpperCase() } : undefined,
    security_result: [
      defined({
        severity: UDM_SEVERITY[event.severity],
        summary: event.title,
        description: event.message,
        category_details: event.category ? [event.category] : undefined,
        action: event.outcome === 'failure' && login ? ['BLOCK'] : undefined,
      }),
    ],
    extensions: login
      ? { auth: { type: 'AUTHTYPE_UNSPECIFIED' } }
      : event.cve
        ? {
            vulns: {
              vulnerabilities: [
                defined({
                  cve_id: event.cve,
                  name: event.title,
                  cvss_base_score: event.cvss,
                  severity: UDM_SEVERITY[event.severity],
                }),
              ],
            },
          }
        : undefined,
    additional: { organizationId: event.organizationId, level: event.level, ...event.fields },
  }) as Json;
}

/** One sender per integration: it keeps the token until it expires. */
export class ChronicleSender {
  private readonly tokens: TokenCache;

  constructor(
    private readonly network: Network,
    private readonly target: ChronicleTarget,
    private readonly settings: DeliverySettings = {},
  ) {
    const key = target.serviceAccount;
    this.tokens = new TokenCache(() => {
      const now = Math.floor(Date.now() / 1000);
      const assertion = signJwtRs256(
        {
          iss: key.client_email,
          scope: CHRONICLE_SCOPE,
          aud: key.token_uri,
          iat: now,
          exp: now + 3600,
        },
        key.private_key,
        key.private_key_id,
      );
      return requestToken(
        network,
        key.token_uri,
        { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion },
        timeoutMsOf(settings),
        'Google service account',
      );
    });
  }

  /** Sends the events as UDM in batches under 1 MB; a 413 halves the batch; one outcome each. */
  async send(events: SiemEvent[]): Promise<Outcome[]> {
    return sendInBatches(
      events,
      {
        maxCount: this.settings.batchSize ?? DEFAULT_DELIVERY_SETTINGS.batchSize,
        maxBytes: CHRONICLE_MAX_BYTES,
        sizeOf: (e) => utf8Bytes(JSON.stringify(udmEvent(e))),
        frameBytes: 64 + this.target.customerId.length,
      },
      (b) => this.sendBatch(b),
    );
  }

  private async sendBatch(batch: SiemEvent[]): Promise<BatchAnswer> {
    const got = await this.tokens.forBatch(batch);
    if ('outcomes' in got) return got.outcomes;
    const endpoint = (
      this.target.endpoint ?? 'https://malachiteingestion-pa.googleapis.com'
    ).replace(/\/+$/, '');
    const answer = await httpRequest(
      this.network,
      `${endpoint}/v2/udmevents:batchCreate`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${got.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ customer_id: this.target.customerId, events: batch.map(udmEvent) }),
      },
      timeoutMsOf(this.settings),
    );
    if (!answer.ok) return unanswered(batch, answer);
    const why = statusReason('Chronicle', answer.status);
    if (answer.status >= 200 && answer.status < 300)
      return delivered(batch, { status: answer.status });
    if (answer.status === 413) return { tooLarge: true, reason: why };
    if (answer.status === 429 || answer.status === 408 || answer.status >= 500)
      return retry(batch, why, parseRetryAfter(answer.headers.get('retry-after')));
    if (answer.status === 401) this.tokens.clear();
    return dead(batch, why);
  }
}
