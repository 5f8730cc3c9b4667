import { describe, expect, it } from 'vitest';
import { averageRate, rateSeries } from '@/features/packets/packet-rate';

const T0 = 1_700_000_000;

describe('averageRate', () => {
  it('divides packets by the capture duration, one second at least', () => {
    expect(averageRate({ packets: 50, first_time: T0, last_time: T0 + 10 })).toBe(5);
    expect(averageRate({ packets: 3, first_time: T0, last_time: T0 + 0.2 })).toBe(3);
    expect(averageRate({ packets: 0, first_time: null, last_time: null })).toBe(0);
  });
});

describe('rateSeries', () => {
  it('keeps one bar per second for short captures', () => {
    const { points, width } = rateSeries([
      { second: 0, packets: 4 },
      { second: 2, packets: 1 },
    ]);
    expect(width).toBe(1);
    expect(points).toEqual([
      { second: 0, rate: 4 },
      { second: 1, rate: 0 },
      { second: 2, rate: 1 },
    ]);
  });

  it('averages long captures into at most maxPoints bars', () => {
    const perSecond = Array.from({ length: 1000 }, (_, second) => ({ second, packets: 2 }));
    const { points, width } = rateSeries(perSecond, 100);
    expect(width).toBe(10);
    expect(points).toHaveLength(100);
    expect(points.every((p) => p.rate === 2)).toBe(true);
  });

  it('averages a partial last bucket over its own seconds', () => {
    const perSecond = Array.from({ length: 25 }, (_, second) => ({ second, packets: 3 }));
    const { points } = rateSeries(perSecond, 2);
    expect(points.at(-1)).toEqual({ second: 13, rate: 3 });
  });
});
