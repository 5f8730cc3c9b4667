// Elastic _bulk against a local receiver: exact NDJSON and auth, per-item outcomes (201, 400,
// 409, 429 in one answer), whole-request failures, and a 413 that halves the batch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { ecsDocument, formatEcsBulk } from '../formats/ecs.ts';
import {
  numberedEvent,
  scanStartedEvent,
  threatEvent,
  vulnerabilityEvent,
} from '../testing/events.ts';
import {
  closedPortUrl,
  jsonLines,
  type Receiver,
  startReceiver,
  tally,
  timed,
} from '../testing/http-receiver.ts';
import { testNetwork } from '../testing/network.ts';
import { type ElasticTarget, sendElasticBulk } from './elastic-bulk.ts';

const HOST = testResources().host(1);
const network = testNetwork();
let receiver: Receiver;
let target: ElasticTarget;

/** A _bulk answer where every item of the request is created. */
const allCreated = (text: string) => {
  const actions = (jsonLines(text) as Array<{ create?: { _id: string } }>).filter((l) => l.create);
  return {
    status: 200,
    body: {
      took: 3,
      errors: false,
      items: actions.map((a) => ({
        create: { _id: a.create?._id, status: 201, result: 'created' },
      })),
    },
  };
};

beforeAll(async () => {
  receiver = await startReceiver((r) => allCreated(r.text), HOST);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.route = (r) => allCreated(r.text);
  target = {
    endpoint: receiver.url,
    auth: { apiKey: 'a2V5OnNlY3JldA==' },
    index: 'netguard-events',
  };
});

describe('sendElasticBulk', () => {
  it('posts create actions and ECS documents as NDJSON with the API key', async () => {
    const events = [vulnerabilityEvent, threatEvent];
    const outcomes = await sendElasticBulk(network, target, events);
    expect(outcomes).toEqual(
      events.map((e) => ({
        eventId: e.id,
        status: 'delivered',
        receipt: { status: 201, result: 'created' },
      })),
    );
    const [request] = receiver.requests;
    expect(request?.path).toBe('/_bulk');
    expect(request?.headers.authorization).toBe('ApiKey a2V5OnNlY3JldA==');
    expect(request?.headers['content-type']).toBe('application/x-ndjson');
    expect(request?.text).toBe(formatEcsBulk(events, { index: 'netguard-events' }));
    expect(jsonLines(request?.text ?? '')).toEqual([
      { create: { _index: 'netguard-events', _id: vulnerabilityEvent.id } },
      ecsDocument(vulnerabilityEvent),
      { create: { _index: 'netguard-events', _id: threatEvent.id } },
      ecsDocument(threatEvent),
    ]);
  });

  it('uses Basic authentication when given a user and password', async () => {
    target.auth = { username: 'netguard', password: 'p@ss:word' };
    await sendElasticBulk(network, target, [scanStartedEvent]);
    expect(receiver.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('netguard:p@ss:word').toString('base64')}`,
    );
  });

  it('classifies each item: 201 delivered, 400 dead, 409 already delivered, 429 retry', async () => {
    const events = [numberedEvent(1), numberedEvent(2), numberedEvent(3), numberedEvent(4)];
    receiver.route = () => ({
      status: 200,
      body: {
        errors: true,
        items: [
          { create: { _id: events[0]?.id, status: 201, result: 'created' } },
          {
            create: {
              _id: events[1]?.id,
              status: 400,
              error: {
                type: 'mapper_parsing_exception',
                reason: 'failed to parse field [destination.port]',
              },
            },
          },
          {
            create: {
              _id: events[2]?.id,
              status: 409,
              error: {
                type: 'version_conflict_engine_exception',
                reason: 'document already exists',
              },
            },
          },
          {
            create: {
              _id: events[3]?.id,
              status: 429,
              error: { type: 'es_rejected_execution_exception', reason: 'rejected execution' },
            },
          },
        ],
      },
    });
    expect(await sendElasticBulk(network, target, events)).toEqual([
      { eventId: events[0]?.id, status: 'delivered', receipt: { status: 201, result: 'created' } },
      {
        eventId: events[1]?.id,
        status: 'dead',
        reason: 'Elasticsearch _bulk item 400',
      },
      {
        eventId: events[2]?.id,
        status: 'delivered',
        receipt: { status: 409, result: 'conflict', note: 'already delivered' },
      },
      {
        eventId: events[3]?.id,
        status: 'retry',
        reason: 'Elasticsearch _bulk item 429',
      },
    ]);
  });

  it('a whole-request 401 is dead for every event; 503 and 429 retry with Retry-After', async () => {
    receiver.route = () => ({
      status: 401,
      body: { error: { type: 'security_exception' }, status: 401 },
    });
    const outcomes = await sendElasticBulk(network, target, [vulnerabilityEvent, threatEvent]);
    expect(tally(outcomes)).toEqual({ dead: 2 });
    expect(outcomes[0]).toMatchObject({
      reason: 'Elasticsearch _bulk 401: HTTP 401 from the destination',
    });

    receiver.route = () => ({ status: 503, headers: { 'retry-after': '30' }, body: 'unavailable' });
    expect(await sendElasticBulk(network, target, [threatEvent])).toEqual([
      {
        eventId: threatEvent.id,
        status: 'retry',
        reason: 'Elasticsearch _bulk 503: HTTP 503 from the destination',
        retryAfterMs: 30_000,
      },
    ]);
    receiver.route = () => ({ status: 429, body: 'too many' });
    expect(tally(await sendElasticBulk(network, target, [threatEvent]))).toEqual({ retry: 1 });
  });

  it('a 413 halves the batch until the halves fit', async () => {
    const events = [1, 2, 3, 4].map((n) => numberedEvent(n));
    receiver.route = (r) =>
      jsonLines(r.text).length > 4
        ? { status: 413, body: 'Request Entity Too Large' }
        : allCreated(r.text);
    const outcomes = await sendElasticBulk(network, target, events);
    expect(tally(outcomes)).toEqual({ delivered: 4 });
    expect(outcomes.map((o) => o.eventId)).toEqual(events.map((e) => e.id));
    expect(receiver.requests.map((r) => jsonLines(r.text).length / 2)).toEqual([4, 2, 2]);
    expect(receiver.requests[1]?.text).toBe(formatEcsBulk(events.slice(0, 2), target));
  });

  it('a single event still refused with 413 is dead, the others delivered', async () => {
    const events = [numberedEvent(1), numberedEvent(2, 5000)];
    receiver.route = (r) =>
      r.raw.length > 4000 ? { status: 413, body: 'too large' } : allCreated(r.text);
    const outcomes = await sendElasticBulk(network, target, events);
    expect(outcomes).toEqual([
      { eventId: events[0]?.id, status: 'delivered', receipt: { status: 201, result: 'created' } },
      {
        eventId: events[1]?.id,
        status: 'dead',
        reason: 'too large: Elasticsearch _bulk 413: HTTP 413 from the destination',
      },
    ]);
  });

  it('refused and timed-out requests are retried', async () => {
    const refused = await sendElasticBulk(
      network,
      { ...target, endpoint: await closedPortUrl(HOST) },
      [threatEvent],
    );
    expect(refused[0]).toMatchObject({
      status: 'retry',
      reason: expect.stringMatching(/: refused$/),
    });
    receiver.route = () => 'hang';
    const { result: timedOut, elapsedMs } = await timed(() =>
      sendElasticBulk(network, target, [threatEvent], { timeoutSeconds: 0.3 }),
    );
    expect(elapsedMs).toBeLessThan(2000);
    expect(timedOut[0]).toMatchObject({
      status: 'retry',
      reason: expect.stringMatching(/: timed out$/),
    });
  });
});
