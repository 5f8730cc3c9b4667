import { Download, Play, Square, Trash2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

type Props = {
  capturing: boolean;
  /** Why Start Capture cannot be used now, or null. */
  startBlocked: string | null;
  busy: boolean;
  onStart: () => void;
  onStop: () => void;
  onClear: () => void;
  /** Why Export PCAP cannot be used now, or null. */
  exportBlocked: string | null;
  exporting: boolean;
  onExport: () => void;
};

type ActionProps = { reason: string | null; busy?: boolean; children: ReactNode } & Omit<
  ComponentProps<typeof Button>,
  'disabled'
>;

/**
 * A button that explains why it cannot be used: aria-disabled rather than disabled, because a
 * disabled button gets no pointer or focus events and so could never show its tooltip.
 */
function ActionButton({ reason, busy = false, children, onClick, ...props }: ActionProps) {
  const blocked = busy || reason !== null;
  const button = (
    <Button
      {...props}
      aria-disabled={blocked}
      className={cn(blocked && 'cursor-not-allowed opacity-50')}
      onClick={(event) => {
        if (!blocked) onClick?.(event);
      }}
    >
      {children}
    </Button>
  );
  if (!reason) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}

/** Start Capture / Stop Capture, Clear and Export PCAP. */
export function CaptureActions(props: Props) {
  const {
    capturing,
    startBlocked,
    busy,
    onStart,
    onStop,
    onClear,
    exportBlocked,
    exporting,
    onExport,
  } = props;
  return (
    <TooltipProvider>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-nowrap">
        {capturing ? (
          <Button variant="destructive" onClick={onStop} disabled={busy}>
            <Square aria-hidden="true" />
            Stop Capture
          </Button>
        ) : (
          <ActionButton reason={startBlocked} busy={busy} onClick={onStart}>
            <Play aria-hidden="true" />
            {busy ? 'Starting...' : 'Start Capture'}
          </ActionButton>
        )}
        <Button variant="outline" onClick={onClear}>
          <Trash2 aria-hidden="true" />
          Clear
        </Button>
        <ActionButton variant="outline" reason={exportBlocked} busy={exporting} onClick={onExport}>
          <Download aria-hidden="true" />
          {exporting ? 'Exporting...' : 'Export PCAP'}
        </ActionButton>
      </div>
    </TooltipProvider>
  );
}
