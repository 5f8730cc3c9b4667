import type { TExecutionStatus } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import {
  BATCH_STATUS_LABELS,
  RISK_LABELS,
  STATUS_LABELS,
  type TBatchStatus,
  type TRiskLevel,
} from '@/features/remediation/remediation-labels';
import { cn } from '@/lib/utils';

const RISK_CLASS: Record<TRiskLevel, string> = {
  low: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-amber-100 text-amber-900',
  high: 'bg-red-100 text-red-800',
};

const GOOD: TExecutionStatus[] = ['verified', 'rolled_back'];
const BAD: TExecutionStatus[] = ['failed', 'failed_verification'];
const QUIET: TExecutionStatus[] = ['cancelled', 'proposed', 'dry_run_completed'];

export function RiskBadge({ risk }: { risk: TRiskLevel }) {
  return (
    <Badge className={cn('border-transparent', RISK_CLASS[risk])} data-risk={risk}>
      {RISK_LABELS[risk]}
    </Badge>
  );
}

type StatusProps = {
  status: TExecutionStatus;
  /** execution-status for the execution's current state; lists and the timeline name theirs. */
  testId?: string;
};

/** The execution's state in words; data-status holds the API's value. */
export function ExecutionStatusBadge({ status, testId = 'execution-status' }: StatusProps) {
  const tone = GOOD.includes(status)
    ? 'bg-emerald-100 text-emerald-800'
    : BAD.includes(status)
      ? 'bg-red-100 text-red-800'
      : QUIET.includes(status)
        ? 'bg-muted text-muted-foreground'
        : 'bg-sky-100 text-sky-800';
  return (
    <Badge className={cn('border-transparent', tone)} data-testid={testId} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

const BATCH_TONE: Record<TBatchStatus, string> = {
  scheduled: 'bg-sky-100 text-sky-800',
  running: 'bg-sky-100 text-sky-800',
  completed: 'bg-emerald-100 text-emerald-800',
  stopped: 'bg-red-100 text-red-800',
  cancelled: 'bg-muted text-muted-foreground',
};

/** The batch's state in words; data-status holds the API's value. */
export function BatchStatusBadge({ status }: { status: TBatchStatus }) {
  return (
    <Badge
      className={cn('border-transparent', BATCH_TONE[status])}
      data-testid="batch-status"
      data-status={status}
    >
      {BATCH_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Marks an execution that a scheduled batch created. */
export function BatchBadge({ batchId }: { batchId: string }) {
  return (
    <Badge variant="outline" title={`Batch ${batchId}`} data-testid="execution-batch">
      Batch
    </Badge>
  );
}
