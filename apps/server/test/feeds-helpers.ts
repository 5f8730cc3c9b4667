import { createHash } from 'node:crypto';
import type { Account, TestContext } from './helpers.ts';

// Small feed files in the published shapes, made by the tests. Dates and scores are test data.

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

type KevEntry = { cve: string; added: string; due?: string };

/** A CISA KEV catalog; `broken` adds an entry without a valid CVE id. */
export function kevFile(entries: KevEntry[], options: { version?: string; broken?: boolean } = {}) {
  return Buffer.from(
    JSON.stringify({
      title: 'CISA Catalog of Known Exploited Vulnerabilities',
      catalogVersion: options.version ?? '2026.11.20',
      dateReleased: '2026-11-20T12:00:00.000Z',
      count: entries.length,
      vulnerabilities: [
        ...entries.map((e) => ({
          cveID: e.cve,
          vendorProject: 'Test',
          product: 'Test',
          vulnerabilityName: `Test entry for ${e.cve}`,
          dateAdded: e.added,
          shortDescription: 'Test.',
          requiredAction: 'Apply mitigations per vendor instructions.',
          dueDate: e.due ?? '2026-12-11',
          knownRansomwareCampaignUse: 'Unknown',
          notes: '',
          cwes: [],
        })),
        ...(options.broken ? [{ cveID: 'not-a-cve', dateAdded: '2024-01-01' }] : []),
      ],
    }),
  );
}

/** A FIRST EPSS CSV with its `#model_version` comment line. */
export function epssFile(model: string, date: string, rows: [string, number, number][]) {
  return Buffer.from(
    [
      `#model_version:${model},score_date:${date}T00:00:00+0000`,
      'cve,epss,percentile',
      ...rows.map(([cve, score, percentile]) => `${cve},${score},${percentile}`),
      '',
    ].join('\n'),
  );
}

/** An NVD CVE API 2.0 page with OpenSSH records affected below `fixed`. */
export function nvdPage(records: { cve: string; fixed: string; score: number }[], total?: number) {
  return Buffer.from(
    JSON.stringify({
      resultsPerPage: records.length,
      startIndex: 0,
      totalResults: total ?? records.length,
      format: 'NVD_CVE',
      version: '2.0',
      timestamp: '2026-11-20T00:00:00.000',
      vulnerabilities: records.map((r) => ({
        cve: {
          id: r.cve,
          sourceIdentifier: 'cve@mitre.org',
          published: '2024-07-01T13:15:00.000',
          vulnStatus: 'Analyzed',
          descriptions: [{ lang: 'en', value: `Test description of ${r.cve}.` }],
          metrics: {
            cvssMetricV31: [
              {
                source: 'nvd@nist.gov',
                type: 'Primary',
                cvssData: {
                  version: '3.1',
                  vectorString: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
                  baseScore: r.score,
                },
              },
            ],
          },
          configurations: [
            {
              nodes: [
                {
                  operator: 'OR',
                  negate: false,
                  cpeMatch: [
                    {
                      vulnerable: true,
                      criteria: 'cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:*',
                      versionEndExcluding: r.fixed,
                      matchCriteriaId: 'X',
                    },
                  ],
                },
              ],
            },
          ],
          references: [{ url: `https://nvd.nist.gov/vuln/detail/${r.cve}`, source: 'nvd' }],
        },
      })),
    }),
  );
}

/** An OSV record as Debian publishes it: the fixed openssh version in one release. */
export function debianOsv(cve: string, release: string, fixed: string) {
  return {
    id: `DEBIAN-${cve}`,
    modified: '2026-11-20T00:00:00Z',
    upstream: [cve],
    affected: [
      {
        package: {
          ecosystem: `Debian:${release}`,
          name: 'openssh',
          purl: 'pkg:deb/debian/openssh',
        },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }],
      },
    ],
  };
}

/** A CVE JSON 5 record of cisagov/vulnrichment with CISA's SSVC decision points and KEV date. */
export function vulnrichmentRecord(
  cve: string,
  exploitation: string,
  automatable: string,
  impact: string,
) {
  return {
    dataType: 'CVE_RECORD',
    dataVersion: '5.1',
    cveMetadata: { cveId: cve, state: 'PUBLISHED' },
    containers: {
      cna: { title: 'Test record' },
      adp: [
        {
          title: 'CISA ADP Vulnrichment',
          metrics: [
            {
              other: {
                type: 'ssvc',
                content: {
                  id: cve,
                  timestamp: '2026-11-20T15:00:00.000Z',
                  options: [
                    { Exploitation: exploitation },
                    { Automatable: automatable },
                    { 'Technical Impact': impact },
                  ],
                  version: '2.0.3',
                },
              },
            },
            { other: { type: 'kev', content: { dateAdded: '2024-07-15' } } },
          ],
        },
      ],
    },
  };
}

/** POSTs a feed file as the raw body (named by `?name=` when given). */
export function uploadFeed(
  ctx: TestContext,
  account: Account,
  source: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
  name?: string,
) {
  const query = name ? `?${new URLSearchParams({ name })}` : '';
  return ctx.app.inject({
    method: 'POST',
    url: `/api/feeds/${source}/upload${query}`,
    headers: { ...account.auth, 'content-type': contentType },
    payload: bytes,
  });
}
