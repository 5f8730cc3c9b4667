// Splunk HEC against a local receiver: exact body and headers, acknowledgement, and each class of
// answer (HEC codes, 5xx bursts, 429 with Retry-After, bad tokens, refused, timeout, oversize).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import type { Outcome } from '../delivery.ts';
import { formatHecBatch } from '../formats/hec.ts';
import { longEvent, numberedEvent, threatEvent, vulnerabilityEvent } from '../testing/events.ts';
import {
  closedPortUrl,
  inSequence,
  jsonLines,
  type Receiver,
  startReceiver,
  tally,
} from '../testing/http-receiver.ts';
import { testNetwork } from '../testing/network.ts';
import { checkSplunkAcks, type SplunkHecTarget, sendSplunkHec } from './splunk-hec.ts';

const CHANNEL = '0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
const HOST = testResources().host(1);
const network = testNetwork();
let receiver: Receiver;
let target: SplunkHecTarget;

beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 200, body: { text: 'Success', code: 0 } }), HOST);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.route = () => ({ status: 200, body: { text: 'Success', code: 0 } });
  target = { endpoint: `${receiver.url}/`, token: 'hec-token-1', index: 'netguard' };
});

const answer = (status: number, body: object, headers?: Record<string, string>) => () => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});
const reasons = (outcomes: Outcome[]) =>
  outcomes.map((o) => (o.status === 'delivered' ? '' : o.reason));

describe('sendSplunkHec', () => {
  it('posts the HEC events one per line with the Splunk token, and delivers on code 0', async () => {
    const outcomes = await sendSplunkHec(network, target, [vulnerabilityEvent, threatEvent]);
    expect(outcomes).toEqual([
      { eventId: vulnerabilityEvent.id, status: 'delivered', receipt: { status: 200 } },
      { eventId: threatEvent.id, status: 'delivered', receipt: { status: 200 } },
    ]);
    const [request] = receiver.requests;
    expect(receiver.requests).toHaveLength(1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/services/collector/event');
    expect(request?.headers.authorization).toBe('Splunk hec-token-1');
    expect(request?.headers['x-splunk-request-channel']).toBeUndefined();
    expect(request?.text).toBe(
      formatHecBatch([vulnerabilityEvent, threatEvent], { index: 'netguard' }),
    );
    const [first] = jsonLines(request?.text ?? '') as Array<Record<string, unknown>>;
    expect(first).toMatchObject({
      time: 1795755600.123,
      host: 'web-01.example',
      sourcetype: 'netguard:vulnerability_found',
      index: 'netguard',
      event: { id: vulnerabilityEvent.id, cve: 'CVE-2024-3094' },
    });
  });

  it('sends the channel, keeps the ackId, and polls /services/collector/ack', async () => {
    target.channel = CHANNEL;
    receiver.route = answer(200, { text: 'Success', code: 0, ackId: 7 });
    const outcomes = await sendSplunkHec(network, target, [threatEvent]);
    expect(outcomes).toEqual([
      { eventId: threatEvent.id, status: 'delivered', receipt: { status: 200, ackId: 7 } },
    ]);
    expect(receiver.requests[0]?.headers['x-splunk-request-channel']).toBe(CHANNEL);

    receiver.route = answer(200, { acks: { '7': true, '8': false } });
    expect(await checkSplunkAcks(network, target, [7, 8])).toEqual({
      acknowledged: [7],
      pending: [8],
    });
    const ack = receiver.requests[1];
    expect(ack?.path).toBe('/services/collector/ack');
    expect(ack?.headers['x-splunk-request-channel']).toBe(CHANNEL);
    expect(ack?.headers.authorization).toBe('Splunk hec-token-1');
    expect(JSON.parse(ack?.text ?? '')).toEqual({ acks: [7, 8] });
  });

  it('refuses to poll acks without a channel', async () => {
    expect(await checkSplunkAcks(network, target, [1])).toEqual({
      error: 'Splunk HEC acknowledgement needs a channel',
    });
  });

  it.each([
    [401, 2, 'Token is required'],
    [401, 3, 'Invalid authorization'],
    [403, 4, 'Invalid token'],
    [403, 1, 'Token disabled'],
    [400, 5, 'No data'],
    [400, 7, 'Incorrect index'],
    [400, 12, 'Event field is required'],
    [400, 13, 'Event field cannot be blank'],
  ])('%i code %i (%s) is dead for every event', async (status, code, text) => {
    receiver.route = answer(status, { text, code });
    const outcomes = await sendSplunkHec(network, target, [vulnerabilityEvent, threatEvent]);
    expect(tally(outcomes)).toEqual({ dead: 2 });
    expect(reasons(outcomes)[0]).toBe(
      `Splunk HEC ${status}: HTTP ${status} from the destination (code ${code}: ${text})`,
    );
  });

  it('503 code 9 (server busy) and 429 are retried with Retry-After', async () => {
    receiver.route = answer(503, { text: 'Server is busy', code: 9 }, { 'retry-after': '5' });
    expect(await sendSplunkHec(network, target, [threatEvent])).toEqual([
      {
        eventId: threatEvent.id,
        status: 'retry',
        reason: 'Splunk HEC 503: HTTP 503 from the destination (code 9: Server is busy)',
        retryAfterMs: 5000,
      },
    ]);
    receiver.route = () => ({ status: 429, headers: { 'retry-after': '2' }, body: 'slow down' });
    expect(await sendSplunkHec(network, target, [threatEvent])).toEqual([
      {
        eventId: threatEvent.id,
        status: 'retry',
        reason: 'Splunk HEC 429: HTTP 429 from the destination',
        retryAfterMs: 2000,
      },
    ]);
  });

  it('a burst of 5xx is retried until the server answers (retryAttempts 3)', async () => {
    receiver.route = inSequence(
      { status: 500, body: { text: 'Internal server error', code: 8 } },
      { status: 502, body: '<html>Bad Gateway</html>' },
      { status: 503, body: { text: 'Server is busy', code: 9 } },
      { status: 200, body: { text: 'Success', code: 0 } },
    );
    let pending = [vulnerabilityEvent, threatEvent];
    const seen: string[] = [];
    for (let attempt = 0; attempt <= 3 && pending.length; attempt++) {
      const outcomes = await sendSplunkHec(network, target, pending);
      seen.push(outcomes.map((o) => o.status).join(','));
      pending = pending.filter((e) =>
        outcomes.some((o) => o.eventId === e.id && o.status === 'retry'),
      );
    }
    expect(seen).toEqual(['retry,retry', 'retry,retry', 'retry,retry', 'delivered,delivered']);
    expect(receiver.requests).toHaveLength(4);
  });

  it('code 6 with invalid-event-number: before delivered, that one dead, after retried', async () => {
    receiver.route = answer(400, {
      text: 'Invalid data format',
      code: 6,
      'invalid-event-number': 1,
    });
    const events = [numberedEvent(1), numberedEvent(2), numberedEvent(3)];
    const outcomes = await sendSplunkHec(network, target, events);
    expect(outcomes.map((o) => o.status)).toEqual(['delivered', 'dead', 'retry']);
    expect(reasons(outcomes)[1]).toBe(
      'Splunk HEC 400: HTTP 400 from the destination (code 6: Invalid data format)',
    );
  });

  it('a refused connection is retried as unreachable', async () => {
    target.endpoint = await closedPortUrl(HOST);
    const [outcome] = await sendSplunkHec(network, target, [threatEvent]);
    expect(outcome).toMatchObject({ status: 'retry', unreachable: true, failure: 'refused' });
    expect(reasons([outcome as Outcome])[0]).toBe(
      `POST ${target.endpoint}/services/collector/event: refused`,
    );
  });

  it('a receiver that never answers is retried once the timeout fires', async () => {
    receiver.route = () => 'hang';
    const started = Date.now();
    const [outcome] = await sendSplunkHec(network, target, [threatEvent], { timeoutSeconds: 0.5 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(outcome).toMatchObject({ status: 'retry' });
    expect(reasons([outcome as Outcome])[0]).toMatch(/: timed out$/);
  });

  it('an event too large alone is dead without blocking the others; batchSize splits', async () => {
    target.maxBytes = 8000;
    const events = [numberedEvent(1), longEvent(9000), numberedEvent(2), numberedEvent(3)];
    const outcomes = await sendSplunkHec(network, target, events, { batchSize: 2 });
    const byId = new Map(outcomes.map((o) => [o.eventId, o]));
    expect(outcomes).toHaveLength(4);
    expect(byId.get(events[1]?.id ?? '')).toEqual({
      eventId: events[1]?.id,
      status: 'dead',
      reason: 'too large: the event alone exceeds the 8000-byte request limit',
    });
    expect(tally(outcomes)).toEqual({ dead: 1, delivered: 3 });
    expect(receiver.requests.map((r) => jsonLines(r.text).length)).toEqual([2, 1]);
  });

  it('a 2xx that is not a HEC answer (a proxy page) is retried, not taken as delivered', async () => {
    receiver.route = () => ({ status: 200, body: '<html>Welcome</html>' });
    expect(await sendSplunkHec(network, target, [threatEvent])).toEqual([
      {
        eventId: threatEvent.id,
        status: 'retry',
        reason: 'Splunk HEC 200 without a HEC answer (a proxy?)',
      },
    ]);
  });
});
