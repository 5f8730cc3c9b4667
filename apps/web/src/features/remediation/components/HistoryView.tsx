import {
  EXECUTION_STATUSES,
  type TExecutionStatus,
  type TRemediationAction,
} from '@netguard/contracts';
import { useDeferredValue, useState } from 'react';
import { LabeledSelect } from '@/components/LabeledSelect';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/features/auth/components/FormField';
import { useExecutionHistory } from '@/features/remediation/api';
import { EvidenceExport } from '@/features/remediation/components/EvidenceExport';
import { ExecutionList } from '@/features/remediation/components/ExecutionList';
import { STATUS_LABELS } from '@/features/remediation/remediation-labels';
import { errorMessage } from '@/lib/api-client';

export const HISTORY_PAGE_SIZE = 20;
const STATUS_OPTIONS = ['all', ...EXECUTION_STATUSES] as const;
const STATUS_FILTER_LABELS = { all: 'All statuses', ...STATUS_LABELS };

type Props = {
  actions: TRemediationAction[];
  onOpen: (id: string) => void;
  /** Why the role may not export the verification evidence, or null. */
  exportReason: string | null;
};

/** Every execution, filtered by status, action and target, a page at a time; Export Evidence. */
export function HistoryView({ actions, onOpen, exportReason }: Props) {
  const [status, setStatus] = useState<'all' | TExecutionStatus>('all');
  const [actionId, setActionId] = useState('all');
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(0);
  const deferredTarget = useDeferredValue(target.trim());
  const history = useExecutionHistory({
    status,
    actionId: actionId === 'all' ? undefined : actionId,
    target: deferredTarget || undefined,
    limit: HISTORY_PAGE_SIZE,
    offset: page * HISTORY_PAGE_SIZE,
  });
  const actionLabels: Record<string, string> = { all: 'All actions' };
  for (const action of actions) actionLabels[action.id] = action.name;
  const total = history.data?.total ?? 0;
  const from = page * HISTORY_PAGE_SIZE;
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <div className="min-w-0 space-y-4">
      <EvidenceExport reason={exportReason} />
      <div className="grid gap-3 sm:grid-cols-3">
        <LabeledSelect
          id="history-status"
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          labels={STATUS_FILTER_LABELS}
          onChange={filter(setStatus)}
        />
        <LabeledSelect
          id="history-action"
          label="Action"
          value={actionId}
          options={Object.keys(actionLabels)}
          labels={actionLabels}
          onChange={filter(setActionId)}
        />
        <FormField
          id="history-target"
          label="Target"
          placeholder="192.0.2.5"
          value={target}
          onChange={(event) => filter(setTarget)(event.target.value)}
        />
      </div>
      {history.isPending ? (
        <Spinner className="size-6" label="Loading remediation history" />
      ) : history.error ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(history.error)}
        </p>
      ) : total === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No executions match.
        </p>
      ) : (
        <>
          <ExecutionList
            executions={history.data?.executions ?? []}
            onOpen={onOpen}
            label="Remediation history"
          />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="text-muted-foreground">
              {from + 1}–{Math.min(from + HISTORY_PAGE_SIZE, total)} of {total}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 0}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={from + HISTORY_PAGE_SIZE >= total}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
