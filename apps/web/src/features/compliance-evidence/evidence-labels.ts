import type {
  TCollectionFrequency,
  TComplianceFrameworkId,
  TCoverageClass,
  TEvidenceStatus,
  TRequirementStatus,
} from '@netguard/contracts';

export const EVIDENCE_PAGE_TITLE = 'Compliance Evidence Collection';

/** Spec part 2 §8: the page's toasts, word for word. */
export const EVIDENCE_TOASTS = {
  loadFailed: 'Failed to load compliance evidence data',
  collectFailed: 'Failed to collect evidence',
  reportFailed: 'Failed to generate report',
  collectStarted: 'Evidence Collection Started',
  reportStarted: 'Report Generation Started',
} as const;

export const FRAMEWORK_SHORT_NAMES: Record<TComplianceFrameworkId, string> = {
  soc2: 'SOC 2',
  iso27001: 'ISO 27001',
  nist: 'NIST CSF',
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
};

/** Spec §4: valid (green check), expired (red), pending_review (yellow). */
export const EVIDENCE_STATUS_LABELS: Record<TEvidenceStatus, string> = {
  valid: 'Valid',
  expired: 'Expired',
  pending_review: 'Pending Review',
};

export const REQUIREMENT_STATUS_LABELS: Record<TRequirementStatus, string> = {
  compliant: 'Compliant',
  partially_compliant: 'Partially compliant',
  non_compliant: 'Non-compliant',
  not_assessed: 'Not assessed',
  not_applicable: 'Not applicable',
};

export const COVERAGE_LABELS: Record<TCoverageClass, string> = {
  automated: 'Automated by NetGuard',
  cloud: 'Automated from a cloud connection',
  manual: 'Manual upload',
  not_applicable: 'Not applicable',
};

export const FREQUENCY_LABELS: Record<TCollectionFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

export const UPLOAD_TYPES = [
  'policy_document',
  'screenshot',
  'procedure',
  'attestation',
  'other',
] as const;
export type TUploadType = (typeof UPLOAD_TYPES)[number];
export const UPLOAD_TYPE_LABELS: Record<TUploadType, string> = {
  policy_document: 'Policy document',
  screenshot: 'Screenshot',
  procedure: 'Procedure',
  attestation: 'Attestation',
  other: 'Other',
};
