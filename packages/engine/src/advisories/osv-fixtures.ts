// OSV distribution records and CISA Vulnrichment records in the published shapes, for tests.
// Fixed versions follow the distributions' trackers, but these are test data, not advisories.

type Affected = { name: string; ecosystem: string; fixed?: string };

/** One OSV record with an ECOSYSTEM range per affected package (fixed when given). */
export function osvRecord(id: string, affected: Affected[], extra: Record<string, unknown> = {}) {
  return {
    schema_version: '1.6.0',
    id,
    modified: '2025-01-10T08:10:41Z',
    published: '2024-07-01T13:15:10Z',
    details: `Test details of ${id}.`,
    affected: affected.map(({ name, ecosystem, fixed }) => ({
      package: { name, ecosystem, purl: `pkg:generic/${name}` },
      ranges: [
        {
          type: 'ECOSYSTEM',
          events: [{ introduced: '0' }, ...(fixed ? [{ fixed }] : [])],
        },
      ],
    })),
    ...extra,
  };
}

/** Debian records: regreSSHion and the ssh-agent flaw in bookworm, PostgreSQL, and the kernel. */
export const debianOsv = () => [
  osvRecord(
    'DEBIAN-CVE-2024-6387',
    [
      { name: 'openssh', ecosystem: 'Debian:12', fixed: '1:9.2p1-2+deb12u3' },
      { name: 'openssh', ecosystem: 'Debian:13', fixed: '1:9.7p1-7' },
    ],
    { upstream: ['CVE-2024-6387'] },
  ),
  osvRecord(
    'DEBIAN-CVE-2023-38408',
    [{ name: 'openssh', ecosystem: 'Debian:12', fixed: '1:9.2p1-2+deb12u1' }],
    { upstream: ['CVE-2023-38408'] },
  ),
  osvRecord(
    'DEBIAN-CVE-2024-10979',
    [{ name: 'postgresql-15', ecosystem: 'Debian:12', fixed: '15.10-0+deb12u1' }],
    { upstream: ['CVE-2024-10979'] },
  ),
  osvRecord('DEBIAN-CVE-2024-1086', [{ name: 'linux', ecosystem: 'Debian:12', fixed: '6.1.76-1' }]),
];

/** Ubuntu, Alpine and AlmaLinux records for regreSSHion, one of them not fixed yet. */
export const otherOsv = () => [
  osvRecord(
    'UBUNTU-CVE-2024-6387',
    [
      { name: 'openssh', ecosystem: 'Ubuntu:22.04:LTS', fixed: '1:8.9p1-3ubuntu0.10' },
      { name: 'openssh', ecosystem: 'Ubuntu:Pro:24.04:LTS' },
    ],
    { upstream: ['CVE-2024-6387'] },
  ),
  osvRecord('ALPINE-CVE-2024-6387', [
    { name: 'openssh', ecosystem: 'Alpine:v3.20', fixed: '9.7_p1-r4' },
  ]),
  osvRecord(
    'ALSA-2024:4312',
    [{ name: 'openssh', ecosystem: 'AlmaLinux:9', fixed: '8.7p1-38.el9.alma.2' }],
    { related: ['CVE-2024-6387'] },
  ),
];

/** A record without an id or a usable affected list. */
export const brokenOsv = () => ({ modified: '2025-01-01T00:00:00Z', affected: 'openssh' });

function vulnrichmentRecord(cve: string, adp: unknown[]) {
  return {
    dataType: 'CVE_RECORD',
    dataVersion: '5.1',
    cveMetadata: { cveId: cve, assignerShortName: 'test', state: 'PUBLISHED' },
    containers: {
      cna: { title: `Test record of ${cve}`, metrics: [] },
      adp: [{ title: 'CVE Program Container', references: [] }, ...adp],
    },
  };
}

const cisaAdp = (options: Record<string, string>[], timestamp: string, kevAdded?: string) => ({
  title: 'CISA ADP Vulnrichment',
  providerMetadata: { orgId: '134c704f-9b21-4f2e-91b3-4a467353bcc0', shortName: 'CISA-ADP' },
  metrics: [
    {
      other: {
        type: 'ssvc',
        content: { timestamp, options, role: 'CISA Coordinator', version: '2.0.3' },
      },
    },
    ...(kevAdded
      ? [
          {
            other: {
              type: 'kev',
              content: { dateAdded: kevAdded, reference: 'https://www.cisa.gov/' },
            },
          },
        ]
      : []),
  ],
});

/** CVE JSON 5 records: two with CISA's SSVC entry (one also in KEV), one without. */
export const vulnrichmentRecords = () => [
  vulnrichmentRecord('CVE-2024-6387', [
    cisaAdp(
      [{ Exploitation: 'none' }, { Automatable: 'no' }, { 'Technical Impact': 'total' }],
      '2024-07-01T00:00:00+00:00',
    ),
  ]),
  vulnrichmentRecord('CVE-2023-44487', [
    cisaAdp(
      [{ Exploitation: 'active' }, { Automatable: 'yes' }, { 'Technical Impact': 'partial' }],
      '2024-06-21T13:47:11+00:00',
      '2023-10-10',
    ),
  ]),
  vulnrichmentRecord('CVE-2025-0001', []),
];
