import type { TCloudScan } from '@netguard/contracts';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { isFinalCloudScan } from '@/features/cloud/cloud-cache';
import { batchToast } from '@/features/cloud/scan-batch';

/**
 * Follows the scans one Run started and raises "Multi-Cloud Scan Complete" or "Scan Failed" once
 * all of them have ended. Returns the function that starts following a new batch.
 */
export function useScanBatchToast(scans: readonly TCloudScan[]) {
  const [batch, setBatch] = useState<readonly string[]>([]);
  useEffect(() => {
    if (batch.length === 0) return;
    const ids = new Set(batch);
    const members = scans.filter((scan) => ids.has(scan.id));
    if (members.length < ids.size || !members.every(isFinalCloudScan)) return;
    setBatch([]);
    const ending = batchToast(members);
    if (!ending) return;
    const show = ending.kind === 'success' ? toast.success : toast.error;
    show(ending.title, { description: ending.description });
  }, [batch, scans]);
  return (started: readonly TCloudScan[]) => setBatch(started.map((scan) => scan.id));
}
