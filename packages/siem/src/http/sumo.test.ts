// Sumo Logic HTTP source against a local receiver: gzip body of JSON lines, X-Sumo headers,
// batches under 1 MB, an oversize event dead, 429 with Retry-After, a wrong source URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { numberedEvent, threatEvent, vulnerabilityEvent } from '../testing/events.ts';
import {
  closedPortUrl,
  jsonLines,
  type Receiver,
  startReceiver,
  tally,
  timed,
} from '../testing/http-receiver.ts';
import { testNetwork } from '../testing/network.ts';
import { SUMO_MAX_BYTES, type SumoTarget, sendSumo } from './sumo.ts';

const SOURCE_PATH = '/receiver/v1/http/ZaVnC4dhaV2Zx1bXmB7Xa3Q==';
const HOST = testResources().host(1);
const network = testNetwork();
let receiver: Receiver;
let target: SumoTarget;

beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 200 }), HOST);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.route = () => ({ status: 200 });
  target = {
    url: `${receiver.url}${SOURCE_PATH}`,
    category: 'security/netguard',
    name: 'netguard-scanner',
    host: 'scanner-1',
  };
});

describe('sendSumo', () => {
  it('posts gzip-compressed JSON lines with the X-Sumo headers', async () => {
    const outcomes = await sendSumo(network, target, [vulnerabilityEvent, threatEvent]);
    expect(tally(outcomes)).toEqual({ delivered: 2 });
    const [request] = receiver.requests;
    expect(request?.path).toBe(SOURCE_PATH);
    expect(request?.headers['content-encoding']).toBe('gzip');
    expect(request?.headers['x-sumo-category']).toBe('security/netguard');
    expect(request?.headers['x-sumo-name']).toBe('netguard-scanner');
    expect(request?.headers['x-sumo-host']).toBe('scanner-1');
    expect(request?.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(request?.text).toBe(
      `${JSON.stringify(vulnerabilityEvent)}\n${JSON.stringify(threatEvent)}`,
    );
    expect(jsonLines(request?.text ?? '')).toEqual([vulnerabilityEvent, threatEvent]);
  });

  it('keeps each request under 1 MB uncompressed and sets an oversize event dead', async () => {
    const events = [1, 2, 3, 4, 5].map((n) => numberedEvent(n, 300_000));
    const huge = numberedEvent(6, SUMO_MAX_BYTES + 10);
    const outcomes = await sendSumo(
      network,
      target,
      [events[0], huge, ...events.slice(1)].filter((e) => e !== undefined),
    );
    expect(tally(outcomes)).toEqual({ dead: 1, delivered: 5 });
    expect(outcomes.find((o) => o.eventId === huge.id)).toEqual({
      eventId: huge.id,
      status: 'dead',
      reason: 'too large: the event alone exceeds the 1000000-byte request limit',
    });
    expect(receiver.requests.map((r) => jsonLines(r.text).length)).toEqual([3, 2]);
    for (const r of receiver.requests)
      expect(Buffer.byteLength(r.text)).toBeLessThan(SUMO_MAX_BYTES);
  });

  it('429 is retried with Retry-After; a wrong source URL (401) is dead', async () => {
    receiver.route = () => ({ status: 429, headers: { 'retry-after': '7' }, body: 'throttled' });
    expect(await sendSumo(network, target, [threatEvent])).toEqual([
      {
        eventId: threatEvent.id,
        status: 'retry',
        reason: 'Sumo Logic 429: HTTP 429 from the destination',
        retryAfterMs: 7000,
      },
    ]);
    receiver.route = () => ({ status: 401, body: 'Unauthorized' });
    expect(await sendSumo(network, target, [threatEvent])).toEqual([
      {
        eventId: threatEvent.id,
        status: 'dead',
        reason: 'Sumo Logic 401: HTTP 401 from the destination',
      },
    ]);
  });

  it('refused and timed-out requests are retried; the source URL path stays out of reasons', async () => {
    const refused = await sendSumo(
      network,
      { ...target, url: `${await closedPortUrl(HOST)}${SOURCE_PATH}` },
      [threatEvent],
    );
    expect(refused[0]).toMatchObject({
      status: 'retry',
      reason: expect.stringMatching(/: refused$/),
    });
    expect(JSON.stringify(refused)).not.toContain('ZaVnC4d');
    expect(refused[0]).toMatchObject({
      reason: expect.stringContaining('/receiver/v1/http/<redacted>:'),
    });
    receiver.route = () => 'hang';
    const { result: timedOut, elapsedMs } = await timed(() =>
      sendSumo(network, target, [threatEvent], { timeoutSeconds: 0.3 }),
    );
    expect(elapsedMs).toBeLessThan(2000);
    expect(timedOut[0]).toMatchObject({
      status: 'retry',
      reason: expect.stringMatching(/: timed out$/),
    });
  });

  it('a URL that is not http(s) is dead, not retried', async () => {
    expect(await sendSumo(network, { ...target, url: 'ftp://127.0.0.1/x' }, [threatEvent])).toEqual(
      [
        {
          eventId: threatEvent.id,
          status: 'dead',
          reason: 'POST ftp://127.0.0.1/x: not an http(s) URL',
        },
      ],
    );
    expect(await sendSumo(network, { ...target, url: 'not a url' }, [threatEvent])).toMatchObject([
      { status: 'dead', reason: 'POST <invalid URL>: not an http(s) URL' },
    ]);
  });
});
