import type {
  TComplianceFrameworkView,
  TEvidenceItemView,
  TEvidenceRun,
  ZComplianceDashboard,
} from '@netguard/contracts';
import type { z } from 'zod';

const counts = {
  compliant: 3,
  partially_compliant: 1,
  non_compliant: 1,
  not_assessed: 56,
  not_applicable: 0,
};

export function framework(over: Partial<TComplianceFrameworkView> = {}): TComplianceFrameworkView {
  return {
    id: 'soc2',
    name: 'SOC 2',
    version: '2017 TSC (2022 points of focus)',
    dataVersion: '1',
    description: 'Trust Services Criteria.',
    requirementCount: 61,
    statusCounts: counts,
    score: 60,
    lastCollectedAt: '2026-12-01T10:00:00.000Z',
    requirements: [
      {
        id: 'CC6.1',
        title: 'Logical access security',
        description: 'Access is restricted.',
        group: 'CC6',
        coverage: 'automated',
        status: 'partially_compliant',
        reason: 'MFA covers 2 of 3 members',
        missing: ['mfa_coverage'],
        evidenceIds: [],
        collectorIds: ['mfa-coverage'],
        hipaaImplementation: null,
      },
    ],
    ...over,
  };
}

export function evidenceItem(over: Partial<TEvidenceItemView> = {}): TEvidenceItemView {
  return {
    id: '6f1c2f3e-7d7a-4b53-9d0e-3c5b1f2a9e11',
    type: 'scan_coverage',
    title: 'Scan coverage of assets',
    description: null,
    requirementIds: ['soc2:CC7.1'],
    frameworks: ['soc2', 'iso27001'],
    source: { kind: 'collector', id: 'scan-coverage', version: '1.0.0' },
    outcome: 'satisfied',
    status: 'valid',
    observedAt: '2026-11-30T08:00:00.000Z',
    collectedAt: '2026-12-01T10:00:00.000Z',
    expiresAt: '2026-12-31T10:00:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    contentHash: 'a'.repeat(64),
    metadata: {},
    file: null,
    ...over,
  };
}

export function evidenceRun(over: Partial<TEvidenceRun> = {}): TEvidenceRun {
  return {
    id: '0b7e2a51-0c55-4a8e-9a3c-2e9f1d3b7a10',
    frameworkId: 'soc2',
    requirementId: null,
    trigger: 'manual',
    status: 'completed',
    itemCount: 24,
    error: null,
    digestNumber: 3,
    createdAt: '2026-12-01T10:00:00.000Z',
    finishedAt: '2026-12-01T10:00:05.000Z',
    ...over,
  };
}

export function dashboard(): z.infer<typeof ZComplianceDashboard> {
  const { requirements: _, ...soc2 } = framework();
  return {
    evidence: { total: 25, valid: 23, expired: 1, pendingReview: 1, automated: 24, uploaded: 1 },
    frameworks: [soc2],
    overallScore: 60,
    lastCollectedAt: '2026-12-01T10:00:00.000Z',
    ledger: { rows: 27, digests: 3 },
    key: {
      publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMCow\n-----END PUBLIC KEY-----',
      fingerprint: 'SHA256:abc',
    },
  };
}
