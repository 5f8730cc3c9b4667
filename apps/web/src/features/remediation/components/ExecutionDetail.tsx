import type { TExecution } from '@netguard/contracts';
import { DryRunView } from '@/features/remediation/components/DryRunView';
import { ExecutionControls } from '@/features/remediation/components/ExecutionControls';
import {
  BatchBadge,
  ExecutionStatusBadge,
  RiskBadge,
} from '@/features/remediation/components/RemediationBadges';
import { StatusTimeline } from '@/features/remediation/components/StatusTimeline';
import { StepLog } from '@/features/remediation/components/StepLog';
import { VerificationEvidence } from '@/features/remediation/components/VerificationEvidence';
import { isWorking } from '@/features/remediation/execution-state';
import { failedVerificationOutcome } from '@/features/remediation/remediation-labels';
import type { TRemediationReasons } from '@/features/remediation/remediation-permissions';
import { formatDateTime } from '@/lib/format';

type Props = { execution: TExecution; reasons: TRemediationReasons; userId?: string | null };

/**
 * One execution: its state and controls, the dry run's diffs and script, the timeline, the
 * verification evidence, the steps of the apply and rollback, and the error if any.
 */
export function ExecutionDetail({ execution: e, reasons, userId }: Props) {
  const outcome = failedVerificationOutcome(e);
  return (
    <article className="min-w-0 space-y-4" data-testid="execution-detail" data-id={e.id}>
      <div className="flex flex-wrap items-center gap-2">
        <ExecutionStatusBadge status={e.status} />
        <RiskBadge risk={e.riskLevel} />
        {e.batchId && <BatchBadge batchId={e.batchId} />}
        {e.dryRunOnly && <span className="text-xs text-muted-foreground">Dry run only</span>}
        {e.rollbackRequested && (
          <span className="text-xs text-muted-foreground">
            Rollback requested: waits for another execution on this host
          </span>
        )}
        {e.autoApproved && <span className="text-xs text-muted-foreground">Auto-approved</span>}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Target</dt>
        <dd className="font-mono text-xs break-all sm:text-sm">{e.target}</dd>
        <dt className="text-muted-foreground">Finding</dt>
        <dd className="break-words">{e.vulnerabilityTitle ?? '—'}</dd>
        {e.checkId && (
          <>
            <dt className="text-muted-foreground">Check</dt>
            <dd className="font-mono text-xs break-all">{e.checkId}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Requested</dt>
        <dd>
          {formatDateTime(e.createdAt)}
          {e.requestedBy && ` by ${e.people[e.requestedBy] ?? e.requestedBy}`}
        </dd>
        {e.approvedBy && (
          <>
            <dt className="text-muted-foreground">Approved by</dt>
            <dd className="break-words">{e.people[e.approvedBy] ?? e.approvedBy}</dd>
          </>
        )}
      </dl>
      {outcome && (
        <p
          className="rounded-md bg-amber-50 p-2 text-sm break-words text-amber-900"
          data-testid="failed-verification-outcome"
        >
          {outcome}
        </p>
      )}
      {e.error && (
        <p
          className="rounded-md bg-red-50 p-2 text-sm break-words text-red-800"
          role="alert"
          data-testid="execution-error"
        >
          {e.error}
        </p>
      )}
      <ExecutionControls execution={e} reasons={reasons} userId={userId} />
      <DryRunView dryRun={e.dryRun} pending={isWorking(e)} />
      <VerificationEvidence
        title="Verification"
        verification={e.verification}
        testId="execution-verification"
      />
      <VerificationEvidence
        title="Rollback verification"
        verification={e.rollbackVerification}
        testId="execution-rollback-verification"
      />
      <StepLog title="Steps" steps={e.steps} />
      <StatusTimeline transitions={e.transitions} people={e.people} />
    </article>
  );
}
