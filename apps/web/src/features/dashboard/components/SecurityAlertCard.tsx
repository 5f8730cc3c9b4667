import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SCAN_NOTICE_TEXT as T } from '@/features/dashboard/scan-notice-text';

type SecurityAlertCardProps = { count: number; onDismiss: () => void };

/** New findings since the last Dismiss; Dismiss resets the count. */
export function SecurityAlertCard({ count, onDismiss }: SecurityAlertCardProps) {
  return (
    <div
      role="alert"
      data-testid="security-alert"
      className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm md:col-span-2"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-red-900">{T.securityAlertTitle}</p>
        <p className="text-red-800">{T.securityAlertDescription(count)}</p>
      </div>
      <Button size="sm" variant="outline" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
