import type { TRemediationPolicy } from '@netguard/contracts';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { PermissionButton } from '@/components/PermissionButton';
import { Spinner } from '@/components/Spinner';
import { useRemediationBatches } from '@/features/remediation/batch-api';
import { BatchList } from '@/features/remediation/components/BatchList';
import { ScheduleBatchDialog } from '@/features/remediation/components/ScheduleBatchDialog';
import { errorMessage } from '@/lib/api-client';

type Props = {
  /** Why the role may not schedule (scheduling approves: the approval policy), or null. */
  reason: string | null;
  policy: Pick<TRemediationPolicy, 'maxHostsPerRun'>;
};

/** The organization's batches and Schedule Batch. */
export function BatchesSection({ reason, policy }: Props) {
  const batches = useRemediationBatches();
  const [scheduling, setScheduling] = useState(false);
  return (
    <section className="min-w-0 space-y-3" aria-labelledby="remediation-batches-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="remediation-batches-title" className="font-semibold">
          Batches
        </h3>
        <PermissionButton
          variant="outline"
          size="sm"
          reason={reason}
          onClick={() => setScheduling(true)}
        >
          <CalendarClock aria-hidden="true" />
          Schedule Batch
        </PermissionButton>
      </div>
      {batches.isPending ? (
        <Spinner className="size-6" label="Loading batches" />
      ) : batches.error ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(batches.error)}
        </p>
      ) : batches.data.batches.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No batches scheduled.
        </p>
      ) : (
        <BatchList batches={batches.data.batches} />
      )}
      <ScheduleBatchDialog
        open={scheduling}
        onClose={() => setScheduling(false)}
        policyMaxHosts={policy.maxHostsPerRun}
      />
    </section>
  );
}
