// What the provider scanner tests share: scans with a recorded, instant back-off, and the
// "broken → one finding on that resource; fixed → none" round trip every check goes through.
import { expect } from 'vitest';
import type { CredentialsOf, Provider, Scanner, ScanOptions, ScanResult } from '../types.ts';

export type Json = Record<string, unknown>;

/** Sets a property of fake state that a test reaches through loosely typed JSON. */
export const set = (target: Json | undefined, key: string, value: unknown) => {
  if (target) target[key] = value;
};

export function scanHarness<P extends Provider>(
  scanner: Scanner<P>,
  credentials: () => CredentialsOf[P],
) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  const scan = async (options: ScanOptions = {}): Promise<ScanResult> => {
    const [result] = await scanner.scan(credentials(), { sleep, ...options });
    if (!result) throw new Error('the scanner returned no result');
    return result;
  };
  return {
    waits,
    scan,
    /** Breaks the state, expects exactly one finding of `id` on `resourceId`, resets, expects none. */
    async breakAndFix(
      id: string,
      breakIt: () => unknown,
      resourceId: string,
      reset: () => void,
      options: ScanOptions = {},
    ) {
      breakIt();
      const broken = await scan({ ...options, checks: [id] });
      expect(broken.status).toBe('failed');
      expect(broken.findings.map((f) => [f.checkId, f.resourceId])).toEqual([[id, resourceId]]);
      reset();
      const fixed = await scan({ ...options, checks: [id] });
      expect(fixed.findings).toEqual([]);
      expect(fixed.status).toBe('passed');
    },
  };
}
