import { describe, expect, it } from 'vitest';
import { parseFeed } from './feed.ts';
import { vulnrichmentRecords } from './osv-fixtures.ts';

const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('CISA Vulnrichment records', () => {
  it('reads the SSVC decision points and KEV date of the CISA ADP container by CVE', () => {
    const feed = parseFeed('vulnrichment', bytes(vulnrichmentRecords()));
    expect(feed.ssvc).toEqual({
      'CVE-2024-6387': {
        exploitation: 'none',
        automatable: 'no',
        technical_impact: 'total',
        timestamp: '2024-07-01T00:00:00+00:00',
      },
      'CVE-2023-44487': {
        exploitation: 'active',
        automatable: 'yes',
        technical_impact: 'partial',
        timestamp: '2024-06-21T13:47:11+00:00',
      },
    });
    expect(feed.kev).toEqual({ 'CVE-2023-44487': { date_added: '2023-10-10' } });
    expect(feed).toMatchObject({
      counts: { records: 3, imported: 2, skipped: 1 },
      catalogDate: '2024-07-01T00:00:00+00:00',
      errors: [],
    });
  });

  it('reads a single record, and leaves an unknown decision value null', () => {
    const [record] = vulnrichmentRecords();
    const text = JSON.stringify(record).replace('"Exploitation":"none"', '"Exploitation":"maybe"');
    const feed = parseFeed('vulnrichment', Buffer.from(text));
    expect(feed.ssvc['CVE-2024-6387']).toMatchObject({ exploitation: null, automatable: 'no' });
  });

  it('skips a record without a CVE id with an error line', () => {
    const broken = { dataType: 'CVE_RECORD', cveMetadata: { cveId: 'CVE-BAD' }, containers: {} };
    const feed = parseFeed('vulnrichment', bytes([...vulnrichmentRecords(), broken]));
    expect(feed.counts).toEqual({ records: 4, imported: 2, skipped: 2 });
    expect(feed.errors).toEqual([
      expect.stringMatching(/^record 4 \(CVE-BAD\): cveMetadata.cveId: /),
    ]);
  });
});
