import type { TExecution } from '@netguard/contracts';
import { ExecutionList } from '@/features/remediation/components/ExecutionList';

type Props = { executions: TExecution[]; onOpen: (id: string) => void };

/** What is being worked on or waits for approval (the overview's list, kept live). */
export function ActiveExecutions({ executions, onOpen }: Props) {
  if (executions.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        No active executions. Start one from Available Actions or a vulnerability's Remediate
        button.
      </p>
    );
  return <ExecutionList executions={executions} onOpen={onOpen} label="Active executions" />;
}
