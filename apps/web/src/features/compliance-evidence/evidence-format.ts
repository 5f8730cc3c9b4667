import type {
  TEvidenceItemView,
  TEvidenceRun,
  TEvidenceStatus,
  TRequirementStatus,
} from '@netguard/contracts';
import { FRAMEWORK_SHORT_NAMES } from '@/features/compliance-evidence/evidence-labels';
import { formatCount } from '@/lib/format';

/** Spec §4's colours: valid green, expired red, pending_review yellow. */
export const EVIDENCE_STATUS_CLASSES: Record<TEvidenceStatus, string> = {
  valid: 'border-green-600/40 bg-green-600/10 text-green-700 dark:text-green-400',
  expired: 'border-red-600/40 bg-red-600/10 text-red-700 dark:text-red-400',
  pending_review: 'border-yellow-500/50 bg-yellow-500/10 text-yellow-700 dark:text-yellow-400',
};

export const REQUIREMENT_STATUS_CLASSES: Record<TRequirementStatus, string> = {
  compliant: EVIDENCE_STATUS_CLASSES.valid,
  partially_compliant: EVIDENCE_STATUS_CLASSES.pending_review,
  non_compliant: EVIDENCE_STATUS_CLASSES.expired,
  not_assessed: 'border-muted-foreground/30 text-muted-foreground',
  not_applicable: 'border-muted-foreground/30 text-muted-foreground',
};

const ACRONYMS = new Set(['api', 'kev', 'mfa', 'siem', 'sla', 'sso', 'tls']);

/** `scan_coverage` → "Scan coverage", `siem_delivery` → "SIEM delivery". */
export function formatEvidenceType(type: string): string {
  const words = type
    .split(/[_-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : type;
}

/** The frameworks an item serves, by their short names: "SOC 2, ISO 27001". */
export function formatFrameworks(item: Pick<TEvidenceItemView, 'frameworks'>): string {
  return item.frameworks.map((id) => FRAMEWORK_SHORT_NAMES[id]).join(', ') || '—';
}

/** A share the server computed, or a dash when nothing was assessed (never a made-up 0%). */
export function formatScore(score: number | null): string {
  return score === null ? '—' : `${Math.round(score)}%`;
}

/** An uploaded item waits for an auditor or admin to mark it reviewed. */
export const needsReview = (item: Pick<TEvidenceItemView, 'status' | 'reviewedAt' | 'source'>) =>
  item.source.kind === 'upload' && item.status === 'pending_review' && !item.reviewedAt;

export const isRunActive = (run: Pick<TEvidenceRun, 'status'>) =>
  run.status === 'queued' || run.status === 'running';

/** What a collection run is doing, in words, from its stored state. */
export function describeRun(run: TEvidenceRun): string {
  const scope = run.frameworkId
    ? `${FRAMEWORK_SHORT_NAMES[run.frameworkId as keyof typeof FRAMEWORK_SHORT_NAMES] ?? run.frameworkId}${run.requirementId ? ` ${run.requirementId}` : ''}`
    : 'All frameworks';
  const items = `${formatCount(run.itemCount)} ${run.itemCount === 1 ? 'item' : 'items'}`;
  switch (run.status) {
    case 'queued':
      return `${scope}: queued`;
    case 'running':
      return `${scope}: collecting…`;
    case 'completed':
      return `${scope}: ${items} collected${run.digestNumber === null ? '' : `, signed in digest #${run.digestNumber}`}`;
    case 'failed':
      return `${scope}: failed${run.error ? ` (${run.error})` : ''}`;
  }
}

/** A size in bytes as B, KB or MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
