// What the compliance evidence API answers: frameworks with each requirement's derived status,
// evidence items, collection runs, schedules, validation, the dashboard, audit readiness and
// compliance reports. Every figure is computed from stored evidence.
import { z } from 'zod';
import {
  COLLECTION_FREQUENCIES,
  COMPLIANCE_FRAMEWORK_IDS,
  COVERAGE_CLASSES,
  EVIDENCE_OUTCOMES,
  EVIDENCE_RUN_STATUSES,
  EVIDENCE_STATUSES,
  REQUIREMENT_STATUSES,
} from './evidence.ts';

const statusCounts = z.object(
  Object.fromEntries(REQUIREMENT_STATUSES.map((s) => [s, z.number().int()])) as Record<
    (typeof REQUIREMENT_STATUSES)[number],
    z.ZodNumber
  >,
);

export const ZRequirementView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  group: z.string(),
  coverage: z.enum(COVERAGE_CLASSES),
  status: z.enum(REQUIREMENT_STATUSES),
  reason: z.string(),
  /** Evidence types expected that no valid item provides. */
  missing: z.array(z.string()),
  /** Ids of the valid evidence items the status rests on. */
  evidenceIds: z.array(z.string()),
  collectorIds: z.array(z.string()),
  hipaaImplementation: z.enum(['required', 'addressable']).nullable(),
});
export type TRequirementView = z.infer<typeof ZRequirementView>;

export const ZComplianceFrameworkView = z.object({
  id: z.enum(COMPLIANCE_FRAMEWORK_IDS),
  name: z.string(),
  version: z.string(),
  dataVersion: z.string(),
  description: z.string(),
  requirementCount: z.number().int(),
  statusCounts,
  /** Share (0–100) of assessable requirements that are compliant; null when none is assessed. */
  score: z.number().nullable(),
  lastCollectedAt: z.string().nullable(),
  requirements: z.array(ZRequirementView).optional(),
});
export type TComplianceFrameworkView = z.infer<typeof ZComplianceFrameworkView>;
export const ZComplianceFrameworkList = z.object({
  frameworks: z.array(ZComplianceFrameworkView),
  collectorCount: z.number().int(),
});

export const ZEvidenceItemView = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  requirementIds: z.array(z.string()),
  frameworks: z.array(z.enum(COMPLIANCE_FRAMEWORK_IDS)),
  source: z.object({
    kind: z.enum(['collector', 'cloud', 'upload']),
    id: z.string().nullable(),
    version: z.string().nullable(),
  }),
  outcome: z.enum(EVIDENCE_OUTCOMES),
  status: z.enum(EVIDENCE_STATUSES),
  observedAt: z.string(),
  collectedAt: z.string(),
  expiresAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  contentHash: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  file: z.object({ name: z.string(), mediaType: z.string(), size: z.number() }).nullable(),
});
export type TEvidenceItemView = z.infer<typeof ZEvidenceItemView>;
export const ZEvidenceList = z.object({ items: z.array(ZEvidenceItemView), total: z.number() });

export const ZEvidenceRun = z.object({
  id: z.uuid(),
  frameworkId: z.string().nullable(),
  requirementId: z.string().nullable(),
  trigger: z.enum(['manual', 'schedule']),
  status: z.enum(EVIDENCE_RUN_STATUSES),
  itemCount: z.number().int(),
  error: z.string().nullable(),
  digestNumber: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TEvidenceRun = z.infer<typeof ZEvidenceRun>;
export const ZEvidenceRunList = z.object({ runs: z.array(ZEvidenceRun) });

export const ZEvidenceSchedule = z.object({
  scopeKind: z.enum(['framework', 'collector']),
  scopeId: z.string(),
  label: z.string(),
  frequency: z.enum(COLLECTION_FREQUENCIES),
  enabled: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
});
export const ZEvidenceScheduleList = z.object({ schedules: z.array(ZEvidenceSchedule) });

export const ZEvidenceValidation = z.object({
  evidenceId: z.uuid(),
  status: z.enum(EVIDENCE_STATUSES),
  /** null when integrity was not checked. */
  tampered: z.boolean().nullable(),
  expired: z.boolean().nullable(),
  storedHash: z.string(),
  computedHash: z.string().nullable(),
  ledgerHash: z.string().nullable(),
  reason: z.string(),
});
export type TEvidenceValidation = z.infer<typeof ZEvidenceValidation>;

export const ZEvidenceKey = z.object({ publicKeyPem: z.string(), fingerprint: z.string() });

export const ZComplianceDashboard = z.object({
  evidence: z.object({
    total: z.number().int(),
    valid: z.number().int(),
    expired: z.number().int(),
    pendingReview: z.number().int(),
    automated: z.number().int(),
    uploaded: z.number().int(),
  }),
  frameworks: z.array(ZComplianceFrameworkView.omit({ requirements: true })),
  /** Mean of the frameworks' scores that have one; null when nothing is assessed. */
  overallScore: z.number().nullable(),
  lastCollectedAt: z.string().nullable(),
  ledger: z.object({ rows: z.number().int(), digests: z.number().int() }),
  key: ZEvidenceKey.nullable(),
  trends: z
    .array(z.object({ date: z.string(), items: z.number().int(), notSatisfied: z.number().int() }))
    .optional(),
});

export const ZAuditReadiness = z.object({
  frameworkId: z.enum(COMPLIANCE_FRAMEWORK_IDS),
  requirementCount: z.number().int(),
  /** Requirements with valid automated (NetGuard or cloud) evidence. */
  automatedValid: z.number().int(),
  /** automatedValid as a share (0–100) of requirementCount. */
  readiness: z.number(),
  statusCounts: ZComplianceFrameworkView.shape.statusCounts,
  gaps: z.array(
    z.object({ id: z.string(), title: z.string(), status: z.string(), reason: z.string() }),
  ),
  expiringIn30Days: z
    .array(
      z.object({
        evidenceId: z.uuid(),
        title: z.string(),
        expiresAt: z.string(),
        requirementIds: z.array(z.string()),
      }),
    )
    .optional(),
});

export const ZComplianceReportSummary = z.object({
  id: z.uuid(),
  frameworkId: z.enum(COMPLIANCE_FRAMEWORK_IDS),
  title: z.string(),
  createdAt: z.string(),
  score: z.number().nullable(),
  statusCounts: ZComplianceFrameworkView.shape.statusCounts,
});
export const ZComplianceReportList = z.object({ reports: z.array(ZComplianceReportSummary) });

export const ZAuditorGrant = z.object({
  id: z.uuid(),
  email: z.string(),
  frameworkId: z.enum(COMPLIANCE_FRAMEWORK_IDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  expiresAt: z.string(),
  active: z.boolean(),
});
export type TAuditorGrant = z.infer<typeof ZAuditorGrant>;
export const ZAuditorGrantList = z.object({ grants: z.array(ZAuditorGrant) });
