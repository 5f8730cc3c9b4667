// Small NVD / KEV / EPSS feeds in the published shapes, for tests. Scores and ranges are close to
// the real records but are test data, not advisories.

type CpeMatch = {
  criteria: string;
  vulnerable?: boolean;
  versionStartIncluding?: string;
  versionStartExcluding?: string;
  versionEndIncluding?: string;
  versionEndExcluding?: string;
};

const cpe = (vendorProduct: string, version = '*', update = '*') =>
  `cpe:2.3:a:${vendorProduct}:${version}:${update}:*:*:*:*:*:*`;

function nvdRecord(
  id: string,
  matches: CpeMatch[],
  metrics: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  return {
    cve: {
      id,
      sourceIdentifier: 'cve@mitre.org',
      published: '2023-12-18T19:15:08.773',
      vulnStatus: 'Analyzed',
      descriptions: [
        { lang: 'es', value: 'Descripción' },
        { lang: 'en', value: `Test description of ${id}.` },
      ],
      metrics,
      configurations: [
        {
          nodes: [
            {
              operator: 'OR',
              negate: false,
              cpeMatch: matches.map((m) => ({ vulnerable: true, matchCriteriaId: 'X', ...m })),
            },
          ],
        },
      ],
      references: [
        { url: `https://nvd.nist.gov/vuln/detail/${id}`, source: 'nvd' },
        { url: 'ftp://example.invalid/old', source: 'x' },
      ],
      ...extra,
    },
  };
}

const v31 = (score: number, vector: string, type = 'Primary') => ({
  source: type === 'Primary' ? 'nvd@nist.gov' : 'cna@example.org',
  type,
  cvssData: { version: '3.1', vectorString: vector, baseScore: score },
});

/** An NVD CVE API 2.0 response: 4 usable advisories and one record of each kind that is skipped. */
export function nvdFeed() {
  return {
    resultsPerPage: 7,
    startIndex: 0,
    totalResults: 7,
    format: 'NVD_CVE',
    version: '2.0',
    timestamp: '2026-11-20T00:00:00.000',
    vulnerabilities: [
      nvdRecord(
        'CVE-2023-51385',
        [{ criteria: cpe('openbsd:openssh'), versionEndExcluding: '9.6' }],
        {
          cvssMetricV31: [
            v31(9.9, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 'Secondary'),
            v31(6.5, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N'),
          ],
        },
      ),
      nvdRecord('CVE-2016-6210', [{ criteria: cpe('openbsd:openssh', '7.2', 'p2') }], {
        cvssMetricV30: [
          {
            type: 'Primary',
            cvssData: {
              version: '3.0',
              vectorString: 'CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N',
              baseScore: 5.9,
            },
          },
        ],
      }),
      nvdRecord(
        'CVE-2021-34527',
        [{ criteria: 'cpe:2.3:o:microsoft:windows_10:-:*:*:*:*:*:*:*' }],
        { cvssMetricV31: [v31(8.8, 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H')] },
      ),
      nvdRecord('CVE-2025-0001', [
        { criteria: cpe('openbsd:openssh'), versionEndExcluding: '9.9' },
      ]),
      nvdRecord('CVE-2020-0001', [], {}, { vulnStatus: 'Rejected' }),
      { cve: { id: 'not-a-cve' } },
      nvdRecord(
        'CVE-2023-44487',
        [
          {
            criteria: cpe('f5:nginx'),
            versionStartIncluding: '1.9.5',
            versionEndIncluding: '1.25.2',
          },
          { criteria: cpe('apache:http_server'), versionEndExcluding: '2.4.58' },
          { criteria: cpe('redis:redis') },
        ],
        { cvssMetricV31: [v31(7.5, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H')] },
      ),
    ],
  };
}

/** A CISA KEV catalog with one imported CVE, one bundled CVE and one malformed entry. */
export function kevFeed(entries = ['CVE-2023-44487', 'CVE-2024-6387']) {
  const dates: Record<string, string> = {
    'CVE-2023-44487': '2023-10-10',
    'CVE-2024-6387': '2024-07-15',
  };
  return {
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: '2026.11.20',
    dateReleased: '2026-11-20T12:00:00.000Z',
    count: entries.length + 1,
    vulnerabilities: [
      ...entries.map((cveID) => ({
        cveID,
        vendorProject: 'Test',
        product: 'Test',
        vulnerabilityName: `Test entry for ${cveID}`,
        dateAdded: dates[cveID] ?? '2026-01-01',
        shortDescription: 'Test.',
        requiredAction:
          'Apply mitigations per vendor instructions or discontinue use of the product.',
        dueDate: '2026-12-01',
        knownRansomwareCampaignUse: 'Unknown',
        notes: '',
        cwes: [],
      })),
      { cveID: 'not-a-cve', dateAdded: '2024-01-01' },
    ],
  };
}

/** A FIRST EPSS CSV: comment, header, 3 good rows (one for an unrelated CVE) and a bad one. */
export const EPSS_CSV = [
  '#model_version:v2025.03.14,score_date:2026-11-20T12:55:00Z',
  'cve,epss,percentile',
  'CVE-2023-44487,0.94410,0.99950',
  'CVE-2024-6387,0.38000,0.97100',
  'CVE-1999-0001,0.01000,0.20000',
  'CVE-2023-51385,notanumber,0.5',
  '',
].join('\n');
