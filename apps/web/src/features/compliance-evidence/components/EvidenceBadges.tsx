import type { TCoverageClass, TEvidenceStatus, TRequirementStatus } from '@netguard/contracts';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import {
  EVIDENCE_STATUS_CLASSES,
  REQUIREMENT_STATUS_CLASSES,
} from '@/features/compliance-evidence/evidence-format';
import {
  COVERAGE_LABELS,
  EVIDENCE_STATUS_LABELS,
  REQUIREMENT_STATUS_LABELS,
} from '@/features/compliance-evidence/evidence-labels';
import { cn } from '@/lib/utils';

const STATUS_ICONS = { valid: CheckCircle2, expired: XCircle, pending_review: Clock } as const;

/** Spec §4: valid with a green check, expired red, pending_review yellow. */
export function EvidenceStatusBadge({ status }: { status: TEvidenceStatus }) {
  const Icon = STATUS_ICONS[status];
  return (
    <Badge
      variant="outline"
      className={EVIDENCE_STATUS_CLASSES[status]}
      data-testid="evidence-status"
      data-status={status}
    >
      <Icon aria-hidden="true" />
      {EVIDENCE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RequirementStatusBadge({ status }: { status: TRequirementStatus }) {
  return (
    <Badge
      variant="outline"
      className={REQUIREMENT_STATUS_CLASSES[status]}
      data-testid="requirement-status"
      data-status={status}
    >
      {REQUIREMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function CoverageBadge({ coverage }: { coverage: TCoverageClass }) {
  return (
    <Badge
      variant="secondary"
      className={cn('font-normal', coverage === 'not_applicable' && 'opacity-70')}
      data-coverage={coverage}
    >
      {COVERAGE_LABELS[coverage]}
    </Badge>
  );
}
