import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '@/features/realtime/backoff';

describe('reconnectDelay', () => {
  it('waits 1, 2, 5 and then 10 s for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(reconnectDelay)).toEqual([
      1_000, 2_000, 5_000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });
});
