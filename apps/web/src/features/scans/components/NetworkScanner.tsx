import { Radar } from 'lucide-react';
import { PageHeader } from '@/components/PageHeader';
import { ScanForm } from '@/features/scans/components/ScanForm';
import { SCAN_PAGE_TEXT as T } from '@/features/scans/scan-text';
import { useLaunchScan } from '@/features/scans/use-launch-scan';

/** The Scan page: title, the form and its side cards. */
export function NetworkScanner() {
  const { launch, busy } = useLaunchScan();
  return (
    <div className="space-y-6">
      <PageHeader icon={Radar} title={T.title} subtitle={T.subtitle} />
      <ScanForm busy={busy} onLaunch={launch} />
    </div>
  );
}
