import type { TEvidenceRun } from '@netguard/contracts';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useInvalidateEvidence } from '@/features/compliance-evidence/api';
import { describeRun, isRunActive } from '@/features/compliance-evidence/evidence-format';

/**
 * Watches the polled runs: when one that was queued or running ends, everything the page shows
 * is read again and the outcome is said (a failure as the spec's "Failed to collect evidence").
 */
export function useRunProgress(runs: TEvidenceRun[] | undefined): void {
  const invalidate = useInvalidateEvidence();
  const active = useRef(new Set<string>());
  useEffect(() => {
    if (!runs) return;
    const ended = runs.filter((run) => active.current.has(run.id) && !isRunActive(run));
    active.current = new Set(runs.filter(isRunActive).map((run) => run.id));
    if (ended.length === 0) return;
    invalidate();
    for (const run of ended) {
      if (run.status === 'failed')
        toast.error('Error', { description: `Failed to collect evidence: ${run.error ?? ''}` });
      else toast.success('Evidence collected', { description: describeRun(run) });
    }
  }, [runs, invalidate]);
}
