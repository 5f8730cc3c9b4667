import { Radar } from 'lucide-react';
import { ScanForm } from '@/features/scans/components/ScanForm';
import { SCAN_PAGE_TEXT as T } from '@/features/scans/scan-text';
import { useLaunchScan } from '@/features/scans/use-launch-scan';

/** The Scan page: title, the form and its side cards. */
export function NetworkScanner() {
  const { launch, busy } = useLaunchScan();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
          <Radar className="size-7 text-primary" aria-hidden="true" />
          {T.title}
        </h1>
        <p className="text-sm text-muted-foreground">{T.subtitle}</p>
      </div>
      <ScanForm busy={busy} onLaunch={launch} />
    </div>
  );
}
