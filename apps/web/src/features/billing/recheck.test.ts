import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRecheck } from './recheck';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startRecheck', () => {
  it('re-checks every 3 s for 30 s, then stops', () => {
    const tick = vi.fn();
    const onDone = vi.fn();
    startRecheck(tick, { everyMs: 3_000, forMs: 30_000, onDone });
    vi.advanceTimersByTime(2_999);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(27_000);
    expect(tick).toHaveBeenCalledTimes(10);
    expect(onDone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(tick).toHaveBeenCalledTimes(10);
  });

  it('stops early when asked, once', () => {
    const tick = vi.fn();
    const onDone = vi.fn();
    const stop = startRecheck(tick, { everyMs: 3_000, forMs: 30_000, onDone });
    vi.advanceTimersByTime(6_000);
    stop();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(tick).toHaveBeenCalledTimes(2);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
