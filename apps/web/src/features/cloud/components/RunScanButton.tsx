import { CLOUD_TEXT, type TCloudScan } from '@netguard/contracts';
import { Loader2, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useStartCloudScan } from '@/features/cloud/api';

type Props = {
  /** At least one provider is connected (spec part 2 §4). */
  connected: boolean;
  /** The role may run cloud scans. */
  allowed: boolean;
  deniedReason: string | null;
  onStarted: (scans: TCloudScan[]) => void;
};

/** "Run Multi-Cloud Scan": one scan per connected account. */
export function RunScanButton({ connected, allowed, deniedReason, onStarted }: Props) {
  const start = useStartCloudScan();
  const why = !allowed ? deniedReason : connected ? null : CLOUD_TEXT.noConnection;
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <Button
        disabled={!connected || !allowed || start.isPending}
        aria-busy={start.isPending}
        title={why ?? undefined}
        onClick={() => start.mutate(undefined, { onSuccess: ({ scans }) => onStarted(scans) })}
      >
        {start.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play />}
        {CLOUD_TEXT.runScan}
      </Button>
      {why && <p className="text-xs text-muted-foreground sm:max-w-64 sm:text-right">{why}</p>}
    </div>
  );
}
