// Evidence packages for tests: an organisation with evidence, its ledger and digests, and helpers
// to build a package, a later one that continues it, and a copy with one file changed.

import { sha256Hex } from '../canonical/hash.ts';
import { appendRows, type LedgerRow } from '../ledger/chain.ts';
import { createDigest, type Digest } from '../ledger/digest.ts';
import { generateSigningKey, type SigningKey } from '../ledger/keys.ts';
import type { EvidenceItem } from '../model/evidence.ts';
import { assessRequirement } from '../model/status.ts';
import { type BuiltPackage, buildPackage, type PackageAttachment } from '../package/build.ts';
import type { RequirementFinding } from '../package/oscal.ts';
import { readZip, writeZip } from '../package/zip.ts';
import { evidenceFixture, NOW } from './evidence-fixture.ts';

export const ORG = 'org-acme';
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

export type Organization = {
  key: SigningKey;
  evidence: EvidenceItem[];
  attachments: PackageAttachment[];
  ledger: LedgerRow[];
  digests: Digest[];
};

function item(n: number, over: Partial<EvidenceItem> = {}): EvidenceItem {
  return evidenceFixture({ id: `ev-${n}`, observedAt: `2026-11-2${n}T08:00:00Z`, ...over });
}

/** An organisation with three evidence items (one with a screenshot), five ledger rows and two digests. */
export function organization(key = generateSigningKey()): Organization {
  const screenshot = {
    name: 'mfa settings.png',
    mediaType: 'image/png',
    size: PNG.length,
    sha256: sha256Hex(PNG),
  };
  const evidence = [
    item(1),
    item(2, {
      type: 'access_review',
      title: 'Access review',
      outcome: 'partial',
      requirements: [{ framework: 'iso27001', id: 'A.5.18' }],
    }),
    item(3, {
      type: 'screenshot',
      title: 'MFA policy screenshot',
      source: { kind: 'upload', uploadedBy: 'ana' },
      attachments: [screenshot],
    }),
  ];
  const entries = evidence.map((e, i) => ({
    organizationId: ORG,
    kind: 'evidence_added' as const,
    evidenceId: e.id,
    contentHash: e.contentHash,
    status: 'valid' as const,
    at: `2026-11-30T0${i}:00:00Z`,
  }));
  const ledger = appendRows(undefined, [
    ...entries,
    { ...entries[2]!, kind: 'evidence_reviewed', at: '2026-11-30T05:00:00Z' },
    {
      ...entries[1]!,
      kind: 'evidence_status_changed',
      status: 'expired',
      at: '2026-11-30T06:00:00Z',
    },
  ]);
  const first = createDigest({
    rows: ledger.slice(0, 2),
    digestTime: '2026-11-30T02:00:00Z',
    organizationId: ORG,
    key,
  });
  const second = createDigest({
    rows: ledger.slice(2, 4),
    previous: first,
    digestTime: '2026-11-30T05:30:00Z',
    organizationId: ORG,
    key,
  });
  return {
    key,
    evidence,
    attachments: [{ evidenceId: 'ev-3', name: 'mfa settings.png', data: PNG }],
    ledger,
    digests: [first, second],
  };
}

export function findingsOf(org: Organization): RequirementFinding[] {
  const refs = [
    ...new Map(
      org.evidence.flatMap((e) => e.requirements).map((r) => [`${r.framework}:${r.id}`, r]),
    ).values(),
  ];
  return refs.map((requirement) => ({
    requirement,
    assessment: assessRequirement(
      org.evidence.filter((e) =>
        e.requirements.some(
          (r) => r.framework === requirement.framework && r.id === requirement.id,
        ),
      ),
      { now: NOW },
    ),
  }));
}

export function packageOf(
  org: Organization,
  createdAt = '2026-12-01T12:00:00Z',
  previous?: BuiltPackage,
): BuiltPackage {
  return buildPackage({
    organizationId: ORG,
    createdAt,
    key: org.key,
    evidence: org.evidence,
    attachments: org.attachments,
    ledger: org.ledger,
    digests: org.digests,
    findings: findingsOf(org),
    ...(previous
      ? {
          previous: {
            manifestSha256: previous.manifestSha256,
            createdAt: previous.manifest.createdAt,
            lastDigestSignature: previous.manifest.digests.lastSignature,
          },
        }
      : {}),
  });
}

/** The organisation a week later: one more item and its row, the digests of the first package kept. */
export function later(org: Organization, first: BuiltPackage): Organization {
  const extra = item(4, { type: 'scan_result', title: 'Weekly scan' });
  const ledger = [
    ...org.ledger,
    ...appendRows(org.ledger.at(-1), [
      {
        organizationId: ORG,
        kind: 'evidence_added',
        evidenceId: extra.id,
        contentHash: extra.contentHash,
        status: 'valid',
        at: '2026-12-05T00:00:00Z',
      },
    ]),
  ];
  return { ...org, evidence: [...org.evidence, extra], ledger, digests: first.digests };
}

/** The package's files, changed by `change`, zipped again (the ZIP itself stays sound). */
export function rezip(zip: Buffer, change: (files: Map<string, Buffer>) => void): Buffer {
  const files = new Map(readZip(zip).map((e) => [e.name, e.data]));
  change(files);
  return writeZip(
    [...files].map(([name, data]) => ({ name, data })),
    new Date('2026-12-01T12:00:00Z'),
  );
}

/** `data` with one byte flipped in its middle. */
export function flipByte(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  copy[Math.floor(copy.length / 2)]! ^= 0x01;
  return copy;
}
