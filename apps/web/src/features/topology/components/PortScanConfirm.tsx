import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { billingKeys, useBillingUsage } from '@/features/billing/api';
import { useSubscription } from '@/features/subscription/subscription-context';
import { quotaText, scanQuota } from '@/features/topology/port-scan-quota';
import { TOPOLOGY_TEXT as T } from '@/features/topology/topology-text';

type Props = { host: string; onConfirm: () => void; onCancel: () => void };

/** Asks before Port Scan starts a real scan, saying what it does and what it uses up. */
export function PortScanConfirm({ host, onConfirm, onCancel }: Props) {
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const usage = useBillingUsage();
  // Scans launched elsewhere since the usage was last read count too.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.usage });
  }, [queryClient]);
  const quota = scanQuota(subscription, usage.data);
  const exhausted = quota.kind === 'limited' && quota.remaining === 0;

  return (
    <AlertDialog open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent data-testid="port-scan-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>{T.portScanConfirmTitle}</AlertDialogTitle>
          <AlertDialogDescription>{T.portScanConfirmBody(host)}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm font-medium" data-testid="port-scan-quota">
          {quotaText(quota)}
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel>{T.cancel}</AlertDialogCancel>
          <AlertDialogAction disabled={exhausted} onClick={onConfirm}>
            {T.portScanConfirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
