import type { TScanListItem } from '@netguard/contracts';
import { RotateCcw, Square } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCancelScan, useStartScan } from '@/features/scans/api';
import { errorMessage } from '@/lib/api-client';

type ScanActionsProps = { scan: Pick<TScanListItem, 'id' | 'scan_name' | 'status'> };

/** Retry for a failed or cancelled scan, Cancel for a pending or running one. */
export function ScanActions({ scan }: ScanActionsProps) {
  const start = useStartScan();
  const cancel = useCancelScan();

  if (scan.status === 'failed' || scan.status === 'cancelled') {
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={start.isPending}
        onClick={() =>
          start.mutate(scan.id, {
            onError: (error) =>
              toast.error('Could not retry the scan', { description: errorMessage(error) }),
          })
        }
      >
        <RotateCcw aria-hidden="true" />
        Retry<span className="sr-only"> {scan.scan_name}</span>
      </Button>
    );
  }
  if (scan.status === 'pending' || scan.status === 'running') {
    return (
      <Button
        size="sm"
        variant="ghost"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(scan.id, {
            onError: (error) =>
              toast.error('Could not cancel the scan', { description: errorMessage(error) }),
          })
        }
      >
        <Square aria-hidden="true" />
        Cancel<span className="sr-only"> {scan.scan_name}</span>
      </Button>
    );
  }
  return null;
}
