import type { TScanListItem } from '@netguard/contracts';
import { Loader2, Repeat } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { usePermission } from '@/features/auth/use-permission';
import { rerunBody } from '@/features/scans/rerun';
import { useLaunchScan } from '@/features/scans/use-launch-scan';

/** Re-run: a new scan with the same name, type, targets and ports, started and then opened. */
export function RerunButton({ scan }: { scan: TScanListItem }) {
  const { launch, busy } = useLaunchScan();
  const { allowed, reason } = usePermission('scan', 'create');
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy || !allowed}
      title={reason ?? undefined}
      onClick={() => launch(rerunBody(scan), (next) => `/dashboard/scans/${next.id}`)}
    >
      {busy ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Repeat aria-hidden="true" />
      )}
      Re-run<span className="sr-only"> {scan.scan_name}</span>
    </Button>
  );
}
