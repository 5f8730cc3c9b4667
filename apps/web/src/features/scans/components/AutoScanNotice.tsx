import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { useDashboardHome } from '@/features/dashboard/api';
import { useSettings } from '@/features/settings/api';
import { formatDateTime } from '@/lib/format';

type Props = {
  /** The finished scan shown; none on the form, whose scan becomes the latest when launched. */
  scanId?: string;
};

/**
 * Automatic re-scans (Settings, Auto Scan Frequency; weekly unless changed) re-run the
 * organization's latest scan: says so, with the server's next date, where that is this scan.
 */
export function AutoScanNotice({ scanId }: Props) {
  const settings = useSettings();
  const home = useDashboardHome();
  const next = settings.data?.next_auto_scan_at;
  const frequency = settings.data?.api.auto_scan_frequency;
  if (!next || !frequency || frequency === 'never') return null;
  if (scanId !== undefined && home.data?.recent_scans[0]?.id !== scanId) return null;
  return (
    <div
      className="flex gap-2 rounded-md border bg-muted/50 p-3 text-sm"
      role="note"
      data-testid="auto-scan-notice"
    >
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p className="min-w-0">
        This scan will re-run {frequency} on {formatDateTime(next)} (
        <Link to="/dashboard/settings" className="text-primary hover:underline">
          Settings → API Configuration → Auto Scan Frequency
        </Link>
        ): automatic re-scans repeat the organization's latest scan.
      </p>
    </div>
  );
}
