// Evidence statuses (spec part 2 section 4: valid, expired, pending_review) and the status of a
// requirement derived from its evidence, with the reason. Missing, stale, partial or tampered
// evidence never makes a requirement compliant.
import { type EvidenceItem, hashMatches } from './evidence.ts';

export type EvidenceStatus = 'valid' | 'expired' | 'pending_review';

export type RequirementStatus =
  | 'compliant'
  | 'partially_compliant'
  | 'non_compliant'
  | 'not_assessed'
  | 'not_applicable';

/** How a requirement gets its evidence (shown beside its status). */
export type CoverageClass = 'automated' | 'cloud' | 'manual' | 'not_applicable';

/** The spec's status of one item at `now`: expiry first, then a pending review. */
export function evidenceStatus(item: EvidenceItem, now: Date): EvidenceStatus {
  if (now.getTime() >= Date.parse(item.expiresAt)) return 'expired';
  if (item.review.required && !item.review.reviewedAt) return 'pending_review';
  return 'valid';
}

export type EvidenceValidation = { status: EvidenceStatus; tampered: boolean; reason: string };

/** validate-evidence: recomputes the hash and checks expiry and review. */
export function validateEvidence(item: EvidenceItem, now: Date): EvidenceValidation {
  const status = evidenceStatus(item, now);
  const tampered = !hashMatches(item);
  if (tampered)
    return { status, tampered, reason: `content does not match its hash ${item.contentHash}` };
  if (status === 'expired') return { status, tampered, reason: `expired at ${item.expiresAt}` };
  if (status === 'pending_review') return { status, tampered, reason: 'waiting for a reviewer' };
  return { status, tampered, reason: `valid until ${item.expiresAt}` };
}

export type RequirementAssessment = {
  status: RequirementStatus;
  reason: string;
  /** Evidence types the requirement expects that no valid item provides. */
  missing: string[];
  /** Ids of the valid items the status rests on. */
  evidence: string[];
};

export type AssessOptions = {
  now: Date;
  /** Evidence types the requirement needs (from its collectors); types seen before count too. */
  expectedTypes?: string[];
  notApplicable?: { reason: string };
};

/** Derives a requirement's status from the items that serve it (items for other requirements are the caller's to filter). */
export function assessRequirement(
  items: EvidenceItem[],
  options: AssessOptions,
): RequirementAssessment {
  if (options.notApplicable)
    return {
      status: 'not_applicable',
      reason: options.notApplicable.reason,
      missing: [],
      evidence: [],
    };
  const expected = [
    ...new Set([...(options.expectedTypes ?? []), ...items.map((i) => i.type)]),
  ].sort();
  const checked = items.map((item) => ({ item, ...validateEvidence(item, options.now) }));
  const usable = checked.filter((c) => c.status === 'valid' && !c.tampered);
  const problems = checked
    .filter((c) => c.status !== 'valid' || c.tampered)
    .map((c) => `${c.item.id}: ${c.reason}`);
  const covered = new Set(
    usable.filter((c) => c.item.outcome === 'satisfied').map((c) => c.item.type),
  );
  const missing = expected.filter((t) => !covered.has(t));
  const evidence = usable.map((c) => c.item.id);
  const failing = usable.filter((c) => c.item.outcome === 'not_satisfied');
  if (failing.length > 0)
    return {
      status: 'non_compliant',
      reason: `evidence shows it is not met: ${failing.map((c) => `${c.item.id} (${c.item.title})`).join(', ')}`,
      missing,
      evidence,
    };
  if (usable.length === 0) {
    const why = problems.length > 0 ? problems.join('; ') : 'no evidence collected';
    return {
      status: 'not_assessed',
      reason: `${why}; missing: ${missing.join(', ') || 'any evidence'}`,
      missing,
      evidence,
    };
  }
  const partial = usable
    .filter((c) => c.item.outcome === 'partial')
    .map((c) => `${c.item.id} is partial`);
  const gaps = [
    ...(missing.length ? [`missing valid evidence: ${missing.join(', ')}`] : []),
    ...partial,
    ...problems,
  ];
  if (gaps.length > 0)
    return { status: 'partially_compliant', reason: gaps.join('; '), missing, evidence };
  return {
    status: 'compliant',
    reason: `valid evidence: ${evidence.join(', ')}`,
    missing,
    evidence,
  };
}
