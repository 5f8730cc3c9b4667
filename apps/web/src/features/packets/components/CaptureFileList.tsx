import { FolderOpen, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCaptures, useDeleteCapture } from '@/features/packets/api';
import { formatBytes } from '@/features/packets/packet-format';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

type Props = {
  openedId: string | null;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
};

/** The organization's uploaded captures, each to open or delete. */
export function CaptureFileList({ openedId, onOpen, onDeleted }: Props) {
  const captures = useCaptures();
  const remove = useDeleteCapture();
  if (captures.isPending) return <Skeleton className="h-12 w-full" />;
  if (captures.isError)
    return <p className="text-sm text-destructive">Could not load the uploaded captures.</p>;
  if (captures.data.captures.length === 0)
    return <p className="text-sm text-muted-foreground">No capture files uploaded yet.</p>;
  return (
    <ul
      className="divide-y rounded-md border"
      aria-label="Uploaded captures"
      data-testid="capture-files"
    >
      {captures.data.captures.map((capture) => {
        const opened = capture.id === openedId;
        return (
          <li
            key={capture.id}
            className={cn(
              'flex flex-wrap items-center gap-3 px-3 py-2 text-sm',
              opened && 'bg-primary/5',
            )}
            data-capture-name={capture.name}
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium" title={capture.name}>
                {capture.name}
              </p>
              <p className="text-xs text-muted-foreground">
                {capture.format} · {capture.packet_count.toLocaleString('en-US')} packets ·{' '}
                {formatBytes(capture.size_bytes)} · {formatDateTime(capture.created_at)}
              </p>
            </div>
            <Button
              size="sm"
              variant={opened ? 'secondary' : 'outline'}
              onClick={() => onOpen(capture.id)}
              disabled={opened}
            >
              <FolderOpen aria-hidden="true" />
              {opened ? 'Opened' : 'Open'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${capture.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(capture, { onSuccess: () => onDeleted(capture.id) })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
