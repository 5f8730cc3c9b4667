import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// semver is npm's own range parser (hoisted from the tools that depend on it); it has no types here.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

type LockEntry = { version?: string; engines?: { node?: string } | string[] };
const readJson = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const root = readJson('../../package.json') as { engines: { node: string } };
const lock = readJson('../../package-lock.json') as { packages: Record<string, LockEntry> };

/** Packages of the lock file whose `engines.node` refuses `version` (npm's EBADENGINE). */
function refusing(version: string): string[] {
  return Object.entries(lock.packages).flatMap(([where, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!range || semver.satisfies(version, range)) return [];
    return [`${where.replace(/^.*node_modules\//, '')}@${entry.version}: node ${range}`];
  });
}

describe('the lock file on the Node versions the README names', () => {
  const oldest = semver.minVersion(root.engines.node)?.version ?? '';

  it('installs on the oldest Node that package.json admits without an engine warning', () => {
    expect(oldest).toBe('20.19.0');
    expect(refusing(oldest)).toEqual([]);
  });

  it('installs on the Node running the tests without an engine warning', () => {
    expect(refusing(process.versions.node)).toEqual([]);
  });
});
