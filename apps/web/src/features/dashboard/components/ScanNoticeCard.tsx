import { UI_TEXT } from '@netguard/contracts';
import { CheckCircle2, X, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SCAN_NOTICE_TEXT as T } from '@/features/dashboard/scan-notice-text';
import type { TScanNotice } from '@/features/realtime/notices';
import { ScanActions } from '@/features/scans/components/ScanActions';
import { cn } from '@/lib/utils';

type ScanNoticeCardProps = { notice: TScanNotice; onDismiss: (id: string) => void };

/** A completed or failed scan notice (the realtime provider removes it after 5 s). */
export function ScanNoticeCard({ notice, onDismiss }: ScanNoticeCardProps) {
  const completed = notice.status === 'completed';
  const Icon = completed ? CheckCircle2 : XCircle;
  return (
    <div
      role="status"
      data-testid="scan-notice"
      data-status={notice.status}
      className={cn(
        'flex items-start gap-3 rounded-lg border p-3 text-sm',
        completed ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50',
      )}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', completed ? 'text-emerald-600' : 'text-red-600')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">
          {completed ? T.completedTitle : T.failedTitle}:{' '}
          <Link to={`/dashboard/scans/${notice.id}`} className="underline-offset-2 hover:underline">
            {notice.scanName}
          </Link>
        </p>
        <p className="text-muted-foreground">
          {completed ? T.completedCard : UI_TEXT.scanFailedCard}
        </p>
        {!completed && (
          <ScanActions scan={{ id: notice.id, scan_name: notice.scanName, status: 'failed' }} />
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-6"
        aria-label="Close notice"
        onClick={() => onDismiss(notice.id)}
      >
        <X />
      </Button>
    </div>
  );
}
