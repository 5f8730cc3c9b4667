import { describe, expect, it } from 'vitest';
import { sendHalvingOnTooLarge, splitIntoBatches } from './batch.ts';
import { delivered, parseRetryAfter } from './delivery.ts';
import { numberedEvent } from './testing/events.ts';

const events = [1, 2, 3, 4, 5].map((n) => numberedEvent(n));
const ids = (batches: { id: string }[][]) =>
  batches.map((b) => b.map((e) => e.id.slice(-1)).join(''));

describe('splitIntoBatches', () => {
  it('cuts by count', () => {
    const { batches, tooLarge } = splitIntoBatches(events, {
      maxCount: 2,
      maxBytes: 1e6,
      sizeOf: () => 10,
    });
    expect(ids(batches)).toEqual(['12', '34', '5']);
    expect(tooLarge).toEqual([]);
  });

  it('cuts by bytes, counting separators and the frame, and sets apart an event too large alone', () => {
    const sizes = [40, 40, 200, 30, 29];
    const { batches, tooLarge } = splitIntoBatches(events, {
      maxCount: 100,
      maxBytes: 100,
      sizeOf: (e) => sizes[Number(e.id.slice(-1)) - 1] ?? 0,
      separatorBytes: 1,
      frameBytes: 2,
    });
    // 2 + 40 + 1 + 40 = 83; + 1 + 30 = 114 > 100; 2 + 30 + 1 + 29 = 62
    expect(ids(batches)).toEqual(['12', '45']);
    expect(tooLarge.map((e) => e.id)).toEqual([events[2]?.id]);
  });
});

describe('sendHalvingOnTooLarge', () => {
  it('halves on too large and gives up on a single event as dead', async () => {
    const sent: number[] = [];
    const outcomes = await sendHalvingOnTooLarge(events, async (b) => {
      sent.push(b.length);
      return b.length > 1 || b[0]?.id === events[4]?.id
        ? { tooLarge: true, reason: '413' }
        : delivered(b, { status: 200 });
    });
    expect(sent).toEqual([5, 3, 2, 1, 1, 1, 2, 1, 1]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'delivered',
      'dead',
    ]);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('12')).toBe(12_000);
    expect(
      parseRetryAfter('Fri, 27 Nov 2026 05:00:30 GMT', Date.parse('2026-11-27T05:00:00Z')),
    ).toBe(30_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
