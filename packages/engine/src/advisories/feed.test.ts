import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFeed } from '../index.ts';
import { EPSS_CSV, kevFeed, nvdFeed } from './feed-fixtures.ts';

// The server hands the dispatcher the bytes of a file: the tests write the fixtures to disk first.
const dir = mkdtempSync(join(tmpdir(), 'netguard-feed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function bytesOf(name: string, content: string | Buffer): Buffer {
  writeFileSync(join(dir, name), content);
  return readFileSync(join(dir, name));
}

describe('parseFeed', () => {
  it('reads an NVD page with its version and timestamp, counting skipped records', () => {
    const feed = parseFeed('nvd', bytesOf('nvd.json', JSON.stringify(nvdFeed())));
    expect(feed).toMatchObject({
      kind: 'nvd',
      feedVersion: '2.0',
      catalogDate: '2026-11-20T00:00:00.000',
      counts: { records: 7, imported: 3, skipped: 4 },
    });
    expect(feed.advisories).toHaveLength(4);
    expect(feed.errors).toEqual([expect.stringMatching(/^record 6 \(not-a-cve\): cve.id: /)]);
  });

  it('reads a KEV catalog with its catalog version and release date', () => {
    const feed = parseFeed('kev', bytesOf('kev.json', JSON.stringify(kevFeed())));
    expect(feed).toMatchObject({
      feedVersion: '2026.11.20',
      catalogDate: '2026-11-20T12:00:00.000Z',
      counts: { records: 3, imported: 2, skipped: 1 },
    });
    expect(Object.keys(feed.kev).sort()).toEqual(['CVE-2023-44487', 'CVE-2024-6387']);
    expect(feed.errors).toEqual([expect.stringMatching(/^record 3 \(not-a-cve\): cveID: /)]);
  });

  it('reads a gzipped EPSS CSV with the model version and score date of its comment line', () => {
    const feed = parseFeed('epss', bytesOf('epss.csv.gz', gzipSync(EPSS_CSV)));
    expect(feed).toMatchObject({
      feedVersion: 'v2025.03.14',
      catalogDate: '2026-11-20T12:55:00Z',
      counts: { records: 4, imported: 3, skipped: 1 },
      errors: ['line 6: expected a CVE id and two numbers from 0 to 1'],
    });
    expect(feed.epss['CVE-2024-6387']).toEqual({
      score: 0.38,
      percentile: 0.971,
      date: '2026-11-20',
      model_version: 'v2025.03.14',
    });
  });

  it('throws a message naming the file only when the whole file is unreadable', () => {
    expect(() => parseFeed('kev', bytesOf('bad.json', '{"vuln'), 'kev.json')).toThrow(
      /^kev\.json is not valid JSON/,
    );
    expect(() => parseFeed('nvd', bytesOf('other.json', '{"a":1}'), 'nvd.json')).toThrow(
      'nvd.json: not an NVD CVE API 2.0 response',
    );
  });
});
