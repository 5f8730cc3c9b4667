// Evidence items for tests: one sealed item with overridable fields.
import { type EvidenceItem, sealEvidence } from '../model/evidence.ts';

export const NOW = new Date('2026-12-01T12:00:00Z');

/** A sealed, valid, satisfied MFA-coverage item unless `over` says otherwise. */
export function evidenceFixture(
  over: Partial<Omit<EvidenceItem, 'contentHash'>> = {},
): EvidenceItem {
  return sealEvidence({
    id: 'ev-1',
    type: 'mfa_coverage',
    title: 'MFA coverage of members',
    requirements: [{ framework: 'soc2', id: 'CC6.1' }],
    source: { kind: 'collector', id: 'mfa-coverage', version: '1.0.0' },
    outcome: 'satisfied',
    observedAt: '2026-11-30T08:00:00Z',
    collectedAt: '2026-11-30T08:00:05Z',
    expiresAt: '2026-12-07T08:00:00Z',
    review: { required: false },
    metadata: { members: 12, withMfa: 12 },
    attachments: [],
    ...over,
  });
}
