import { CaptureFormatError } from '../types.ts';

/**
 * Largest resolution the double-precision long division below handles exactly: partial quotients
 * stay under 2^16, so a fraction of at least 2^-30 is never rounded up to the next integer.
 */
const MAX_DOUBLE_UNITS = 2 ** 30;

/** A 64-bit pcapng timestamp split into the Frame's seconds and nanoseconds. */
export type SplitTime = { seconds: number; nanos: number };

/**
 * Decodes an if_tsresol option byte: high bit clear is 10^-n, set is 2^-n of a second. Returns
 * timestamp units per second; resolutions finer than 10^-18 or 2^-64 s are refused.
 */
export function unitsFromTsresol(value: number, offset: number): number {
  const exponent = value & 0x7f;
  if (value & 0x80) {
    if (exponent > 64)
      throw new CaptureFormatError(`Unsupported timestamp resolution 2^-${exponent} s`, offset);
    return 2 ** exponent;
  }
  if (exponent > 18)
    throw new CaptureFormatError(`Unsupported timestamp resolution 10^-${exponent} s`, offset);
  return 10 ** exponent;
}

/**
 * Splits the timestamp `high * 2^32 + low` in `units` per second into seconds and nanoseconds,
 * exactly: nanosecond timestamps of today are past 2^53, so plain double arithmetic would round.
 */
export function splitTimestamp(high: number, low: number, units: number, out: SplitTime): void {
  if (units > MAX_DOUBLE_UNITS) {
    splitWithBigInt(high, low, units, out);
    return;
  }
  // Long division by `units`, one 16-bit digit at a time (unrolled: this runs once per frame),
  // keeps every intermediate below 2^53.
  let cur = high >>> 16;
  let q = Math.floor(cur / units);
  let r = cur - q * units;
  cur = r * 65536 + (high & 0xffff);
  let d = Math.floor(cur / units);
  q = q * 65536 + d;
  r = cur - d * units;
  cur = r * 65536 + (low >>> 16);
  d = Math.floor(cur / units);
  q = q * 65536 + d;
  r = cur - d * units;
  cur = r * 65536 + (low & 0xffff);
  d = Math.floor(cur / units);
  out.seconds = q * 65536 + d;
  out.nanos = remainderToNanos(cur - d * units, units);
}

function remainderToNanos(r: number, units: number): number {
  if (1e9 % units === 0) return r * (1e9 / units);
  const scaled = r * 1e9;
  // Exact when the product is a safe integer and units is a power of two (divisions by 2^k are exact).
  if (Number.isSafeInteger(scaled) && Number.isInteger(Math.log2(units)))
    return Math.floor(scaled / units);
  return Number((BigInt(r) * 1_000_000_000n) / BigInt(units));
}

function splitWithBigInt(high: number, low: number, units: number, out: SplitTime): void {
  const ticks = (BigInt(high) << 32n) | BigInt(low);
  const u = BigInt(units);
  out.seconds = Number(ticks / u);
  out.nanos = Number(((ticks % u) * 1_000_000_000n) / u);
}
