import { PACKET_LIMITS } from '@netguard/contracts';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatBytes } from '@/features/packets/packet-format';

type Props = { progress: number | null; error: string | null; onFile: (file: File) => void };

/** Picks a .pcap or .pcapng file and shows the upload's progress. */
export function UploadCapture({ progress, error, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = progress !== null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept=".pcap,.pcapng,.cap,application/vnd.tcpdump.pcap"
          aria-label="Capture file"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <Button type="button" onClick={() => input.current?.click()} disabled={uploading}>
          <Upload aria-hidden="true" />
          {uploading ? 'Uploading...' : 'Upload capture'}
        </Button>
        <span className="text-xs text-muted-foreground">
          .pcap or .pcapng, up to {formatBytes(PACKET_LIMITS.maxUploadBytes)}
        </span>
      </div>
      {uploading && (
        <div className="flex items-center gap-3" data-testid="upload-progress">
          <Progress
            value={Math.round(progress * 100)}
            className="max-w-sm"
            aria-label="Upload progress"
          />
          <span className="text-xs tabular-nums text-muted-foreground">
            {progress < 1 ? `${Math.round(progress * 100)}%` : 'Reading packets...'}
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="upload-error">
          {error}
        </p>
      )}
    </div>
  );
}
