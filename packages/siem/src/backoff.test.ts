import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';

describe('backoffDelay', () => {
  it('draws the delay between the floor and the doubling cap (full jitter)', () => {
    expect(backoffDelay(1, undefined, DEFAULT_BACKOFF, () => 1)).toBe(1_000);
    expect(backoffDelay(3, undefined, DEFAULT_BACKOFF, () => 1)).toBe(4_000);
    expect(backoffDelay(3, undefined, DEFAULT_BACKOFF, () => 0)).toBe(250);
    expect(backoffDelay(3, undefined, DEFAULT_BACKOFF, () => 0.5)).toBe(2_125);
  });

  it('stops growing at the maximum', () => {
    expect(backoffDelay(7, undefined, DEFAULT_BACKOFF, () => 1)).toBe(60_000);
    expect(backoffDelay(500, undefined, DEFAULT_BACKOFF, () => 1)).toBe(60_000);
  });

  it('honours Retry-After, bounded', () => {
    expect(backoffDelay(1, 3_000)).toBe(3_000);
    expect(backoffDelay(9, 0)).toBe(0);
    expect(backoffDelay(1, 86_400_000)).toBe(300_000);
  });

  it('spreads retries of many integrations', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(5)));
    expect(delays.size).toBeGreaterThan(40);
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(250);
    for (const d of delays) expect(d).toBeLessThanOrEqual(16_000);
  });
});
