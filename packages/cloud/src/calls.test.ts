import { describe, expect, it } from 'vitest';
import { backoffMs, CallRecorder, type Classifier, retryAfterMs, ScanAborted } from './calls.ts';
import { scanStatus } from './types.ts';

class Throttled extends Error {
  retryAfter = 3;
}
class Denied extends Error {}

const classify: Classifier = (error) =>
  error instanceof Throttled
    ? {
        outcome: 'throttled',
        retry: true,
        retryAfterMs: error.retryAfter * 1000,
        message: 'Rate exceeded',
      }
    : error instanceof Denied
      ? { outcome: 'denied', retry: false, message: 'AccessDenied' }
      : { outcome: 'error', retry: true, message: String(error) };

const spec = { service: 'ec2', region: 'us-east-1', operation: 'DescribeSecurityGroups' };

describe('the call recorder', () => {
  it('retries a throttled call after Retry-After and records one ok call with its attempts', async () => {
    const waits: number[] = [];
    const recorder = new CallRecorder(classify, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    let n = 0;
    const answer = await recorder.call({ ...spec, checks: ['a'] }, async () => {
      n += 1;
      if (n < 3) throw new Throttled();
      return 'groups';
    });
    expect(answer).toBe('groups');
    expect(waits).toHaveLength(2);
    expect(waits.every((w) => w >= 3000)).toBe(true);
    expect(recorder.calls).toEqual([
      expect.objectContaining({ outcome: 'ok', attempts: 3, operation: 'DescribeSecurityGroups' }),
    ]);
    expect(recorder.gaps()).toEqual([]);
  });

  it('keeps throttling that never ends and a denial as gaps with the checks they left out', async () => {
    const recorder = new CallRecorder(classify, { maxAttempts: 3, sleep: async () => undefined });
    expect(
      await recorder.call({ ...spec, checks: ['a', 'b'] }, async () => {
        throw new Throttled();
      }),
    ).toBeUndefined();
    let denials = 0;
    await recorder.call({ ...spec, operation: 'GetBucketPolicy', checks: ['c'] }, async () => {
      denials += 1;
      throw new Denied();
    });
    expect(denials).toBe(1);
    expect(recorder.gaps()).toEqual([
      expect.objectContaining({ outcome: 'throttled', attempts: 3, checks: ['a', 'b'] }),
      expect.objectContaining({ outcome: 'denied', attempts: 1, message: 'AccessDenied' }),
    ]);
    expect(scanStatus([], recorder.gaps())).toBe('partial');
  });

  it('gives up on a call that hangs after its timeout and one more try', async () => {
    const recorder = new CallRecorder(classify, { callTimeoutMs: 50 });
    let tries = 0;
    const answer = await recorder.call({ ...spec, checks: [] }, (signal) => {
      tries += 1;
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    });
    expect(answer).toBeUndefined();
    expect(tries).toBe(2);
    expect(recorder.calls[0]).toMatchObject({ outcome: 'timeout', attempts: 2 });
  });

  it('stops at once when the scan is cancelled', async () => {
    const controller = new AbortController();
    const recorder = new CallRecorder(classify, { signal: controller.signal });
    const pending = recorder.call({ ...spec, checks: [] }, (signal) => {
      setTimeout(() => controller.abort(), 10);
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    });
    await expect(pending).rejects.toBeInstanceOf(ScanAborted);
  });

  it('reads Retry-After in seconds or as a date, and backs off with full jitter under a cap', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(backoffMs(1, () => 1)).toBe(250);
    expect(backoffMs(3, () => 0.5)).toBe(500);
    expect(backoffMs(30, () => 1)).toBe(20_000);
  });

  it('calls a scan passed only with no gap and no finding', () => {
    expect(scanStatus([], [])).toBe('passed');
  });
});
