// What the provider scanner tests share: the fake's lifecycle, scans with a recorded, instant
// back-off, and the "broken → one finding on that resource; fixed → none" round trip of every check.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { CredentialsOf, Provider, Scanner, ScanOptions, ScanResult } from '../types.ts';
import type { HttpsFake } from './https-fake.ts';
import { guardDnsLookups } from './network-guard.ts';

export type Json = Record<string, unknown>;

/** Sets a property of fake state that a test reaches through loosely typed JSON. */
export const set = (target: Json | undefined, key: string, value: unknown) => {
  if (target) target[key] = value;
};

/** The id of the look-alike `addTwin` adds. */
export const twinId = (id: string) => `${id}-twin`;

/**
 * Adds a copy of `items[at]` (its `idKey` and name suffixed -twin) with one change: the clean
 * original stays beside it, so a finding must name the twin and only the twin.
 */
export function addTwin(items: Json[], idKey: string, change: (copy: Json) => unknown, at = 0) {
  const copy = structuredClone(items[at]) as Json;
  copy[idKey] = twinId(String(copy[idKey]));
  copy.name = `${copy.name}-twin`;
  change(copy);
  items.push(copy);
}

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

/**
 * Runs a fake for the whole test file: a clean state, no faults and no recorded requests before
 * each test, and a failure for any test during which an SDK resolved a host name.
 */
export function useFake(start: () => Promise<HttpsFake>, reset: () => void, waits: number[]) {
  const guard = guardDnsLookups();
  let fake: HttpsFake | undefined;
  beforeAll(async () => {
    fake = await start();
  });
  beforeEach(() => {
    reset();
    fake?.faults.splice(0);
    fake?.requests.splice(0);
    waits.splice(0);
  });
  afterEach(() => expect(guard.lookups).toEqual([]));
  afterAll(async () => {
    guard.restore();
    await fake?.close();
  });
}
