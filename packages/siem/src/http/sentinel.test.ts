// Sentinel (Logs Ingestion API) against a local receiver playing both Entra ID and the data
// collection endpoint: the client-credentials form, the cached token, the exact stream URL and
// JSON array, 204, 413 halving down to a dead single event, 429/503 with Retry-After, 401/403.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { numberedEvent, threatEvent, vulnerabilityEvent } from '../testing/events.ts';
import {
  closedPortUrl,
  type ReceivedRequest,
  type Receiver,
  type Reply,
  startReceiver,
  tally,
  timed,
} from '../testing/http-receiver.ts';
import { testNetwork } from '../testing/network.ts';
import { SENTINEL_SCOPE, SentinelSender, type SentinelTarget, sentinelRecord } from './sentinel.ts';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const TOKEN_PATH = `/${TENANT}/oauth2/v2.0/token`;
const STREAM_PATH =
  '/dataCollectionRules/dcr-00000000000000000000000000000000/streams/Custom-NetGuard_CL?api-version=2023-01-01';
const HOST = testResources().host(1);
const network = testNetwork();
let receiver: Receiver;
let target: SentinelTarget;
let ingest: (r: ReceivedRequest) => Reply;

const token = () => ({
  status: 200,
  body: { token_type: 'Bearer', expires_in: 3599, access_token: 'entra-token-1' },
});
const streamRequests = () =>
  receiver.requests.filter((r) => r.path.startsWith('/dataCollectionRules/'));
const tokenRequests = () => receiver.requests.filter((r) => r.path === TOKEN_PATH);

beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 500 }), HOST);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.requests.length = 0;
  ingest = () => ({ status: 204 });
  receiver.route = (r) => (r.path === TOKEN_PATH ? token() : ingest(r));
  target = {
    tenantId: TENANT,
    clientId: 'a1b2c3d4-0000-4000-8000-000000000001',
    clientSecret: 's3cr=t&x',
    authorityHost: receiver.url,
    dceEndpoint: receiver.url,
    dcrImmutableId: 'dcr-00000000000000000000000000000000',
    streamName: 'Custom-NetGuard_CL',
  };
});

describe('SentinelSender', () => {
  it('gets a token by client credentials, posts a JSON array to the stream, 204 delivers', async () => {
    const sender = new SentinelSender(network, target);
    const outcomes = await sender.send([vulnerabilityEvent, threatEvent]);
    expect(outcomes).toEqual([
      { eventId: vulnerabilityEvent.id, status: 'delivered', receipt: { status: 204 } },
      { eventId: threatEvent.id, status: 'delivered', receipt: { status: 204 } },
    ]);
    const [tokenRequest] = tokenRequests();
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.text))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      client_secret: 's3cr=t&x',
      scope: SENTINEL_SCOPE,
    });
    expect(SENTINEL_SCOPE).toBe('https://monitor.azure.com//.default');
    const [post] = streamRequests();
    expect(post?.path).toBe(STREAM_PATH);
    expect(post?.headers.authorization).toBe('Bearer entra-token-1');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post?.text ?? '')).toEqual([
      { TimeGenerated: '2026-11-27T05:00:00.123Z', ...vulnerabilityEvent },
      { TimeGenerated: '2026-11-27T05:01:02.000Z', ...threatEvent },
    ]);
    expect(post?.text).toBe(JSON.stringify([vulnerabilityEvent, threatEvent].map(sentinelRecord)));

    await sender.send([threatEvent]);
    expect(tokenRequests()).toHaveLength(1); // cached until expiry
    expect(streamRequests()).toHaveLength(2);
  });

  it('a 413 halves the batch; a single event still refused is dead', async () => {
    const events = [1, 2, 3, 4].map((n) => numberedEvent(n));
    const big = events[3]?.id;
    ingest = (r) => {
      const records = JSON.parse(r.text) as Array<{ id: string }>;
      return records.length > 1 || records[0]?.id === big
        ? { status: 413, body: { error: { code: 'ContentLengthLimitExceeded' } } }
        : { status: 204 };
    };
    const outcomes = await new SentinelSender(network, target).send(events);
    expect(outcomes.map((o) => o.status)).toEqual(['delivered', 'delivered', 'delivered', 'dead']);
    expect(outcomes[3]).toMatchObject({
      reason: 'too large: Azure Logs Ingestion 413: HTTP 413 from the destination',
    });
    expect(streamRequests().map((r) => (JSON.parse(r.text) as unknown[]).length)).toEqual([
      4, 2, 1, 1, 2, 1, 1,
    ]);
  });

  it('keeps batches under 1 MB and sets an event over 1 MB dead before sending', async () => {
    const events = [1, 2, 3].map((n) => numberedEvent(n, 400_000));
    const huge = numberedEvent(9, 1_100_000);
    const outcomes = await new SentinelSender(network, target).send([...events, huge]);
    expect(tally(outcomes)).toEqual({ dead: 1, delivered: 3 });
    expect(streamRequests().map((r) => (JSON.parse(r.text) as unknown[]).length)).toEqual([2, 1]);
    for (const r of streamRequests()) expect(r.raw.length).toBeLessThan(1_000_000);
  });

  it('429 and 503 are retried with Retry-After; 401 and 403 are dead', async () => {
    const sender = new SentinelSender(network, target);
    ingest = () => ({ status: 429, headers: { 'retry-after': '12' }, body: '' });
    expect(await sender.send([threatEvent])).toEqual([
      {
        eventId: threatEvent.id,
        status: 'retry',
        reason: 'Azure Logs Ingestion 429: HTTP 429 from the destination',
        retryAfterMs: 12_000,
      },
    ]);
    ingest = () => ({ status: 503, headers: { 'retry-after': '1' }, body: 'busy' });
    expect(await sender.send([threatEvent])).toMatchObject([
      { status: 'retry', retryAfterMs: 1000 },
    ]);
    ingest = () => ({
      status: 403,
      body: { error: { code: 'OperationFailed', message: 'no role' } },
    });
    expect(await sender.send([threatEvent])).toMatchObject([
      { status: 'dead', reason: 'Azure Logs Ingestion 403: HTTP 403 from the destination' },
    ]);
    ingest = () => ({ status: 401, body: 'bad token' });
    expect(await sender.send([threatEvent])).toMatchObject([{ status: 'dead' }]);
    await sender.send([threatEvent]);
    expect(tokenRequests()).toHaveLength(2); // a 401 drops the cached token
  });

  it('a refused client secret is dead; an unreachable token endpoint is retried', async () => {
    receiver.route = (r) =>
      r.path === TOKEN_PATH
        ? {
            status: 401,
            body: {
              error: 'invalid_client',
              error_description: 'AADSTS7000215: Invalid client secret',
            },
          }
        : { status: 204 };
    expect(await new SentinelSender(network, target).send([threatEvent])).toMatchObject([
      {
        status: 'dead',
        reason: 'Microsoft Entra ID token 401: HTTP 401 from the destination',
      },
    ]);
    expect(streamRequests()).toHaveLength(0);
    const unreachable = new SentinelSender(network, {
      ...target,
      authorityHost: await closedPortUrl(HOST),
    });
    expect(await unreachable.send([threatEvent])).toMatchObject([
      {
        status: 'retry',
        unreachable: true,
        failure: 'refused',
        reason: expect.stringMatching(/^Microsoft Entra ID token: POST .*: refused$/),
      },
    ]);
  });

  it('a refused or silent ingestion endpoint is retried', async () => {
    const refused = new SentinelSender(network, {
      ...target,
      dceEndpoint: await closedPortUrl(HOST),
    });
    expect(await refused.send([threatEvent])).toMatchObject([
      { status: 'retry', reason: expect.stringMatching(/: refused$/) },
    ]);
    ingest = () => 'hang';
    const silent = new SentinelSender(network, target, { timeoutSeconds: 0.3 });
    const { result, elapsedMs } = await timed(() => silent.send([threatEvent]));
    expect(elapsedMs).toBeLessThan(2000);
    expect(result).toMatchObject([
      { status: 'retry', reason: expect.stringMatching(/: timed out$/) },
    ]);
  });
});
