import { expect, it } from 'vitest';
import { createRandom } from '../testing/synthetic-random.ts';
import { type SplitTime, splitTimestamp } from './timestamps.ts';

const UNITS = [1, 1e3, 1e6, 1e7, 1e9, 2 ** 10, 2 ** 20, 2 ** 30, 2 ** 32, 1e12, 1e18, 2 ** 64];

it('splits 64-bit pcapng timestamps exactly at every resolution', () => {
  const random = createRandom(42);
  const out: SplitTime = { seconds: 0, nanos: 0 };
  for (const units of UNITS) {
    const u = BigInt(units);
    // Today's times, the extremes of the 64-bit range and random values.
    const today = BigInt(1_750_000_000) * u + (BigInt(random.int(0, 1e9)) % u);
    const samples = [0n, 1n, u - 1n, u, today, today + u - 1n, 2n ** 64n - 1n];
    for (let i = 0; i < 200; i++)
      samples.push(
        (BigInt(random.int(0, 2 ** 32 - 1)) << 32n) | BigInt(random.int(0, 2 ** 32 - 1)),
      );
    // At the finest resolutions today's time does not fit 64 bits: keep what a file could hold.
    for (const ticks of samples.map((t) => t & (2n ** 64n - 1n))) {
      splitTimestamp(Number(ticks >> 32n), Number(ticks & 0xffffffffn), units, out);
      const seconds = ticks / u;
      const expected = {
        seconds: Number(seconds),
        nanos: Number(((ticks % u) * 1_000_000_000n) / u),
      };
      expect(out, `${ticks} ticks of 1/${units} s`).toEqual(expected);
    }
  }
});
