import { NOTICE_AUTO_DISMISS_MS, UI_TEXT } from '@netguard/contracts';
import { CheckCircle2, X, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { SCAN_NOTICE_TEXT as T } from '@/features/dashboard/scan-notice-text';
import type { TScanNotice } from '@/features/dashboard/use-scan-notices';
import { cn } from '@/lib/utils';

type ScanNoticeCardProps = { notice: TScanNotice; onDismiss: (id: string) => void };

/** A completed or failed scan notice; it disappears after 5 s or when dismissed. */
export function ScanNoticeCard({ notice, onDismiss }: ScanNoticeCardProps) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(notice.id), NOTICE_AUTO_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [notice.id, onDismiss]);

  const completed = notice.status === 'completed';
  const Icon = completed ? CheckCircle2 : XCircle;
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-lg border p-3 text-sm',
        completed ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50',
      )}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', completed ? 'text-emerald-600' : 'text-red-600')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {completed ? T.completedTitle : T.failedTitle}: {notice.scanName}
        </p>
        <p className="text-muted-foreground">
          {completed ? T.completedCard : UI_TEXT.scanFailedCard}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-6"
        aria-label="Dismiss"
        onClick={() => onDismiss(notice.id)}
      >
        <X />
      </Button>
    </div>
  );
}
