import { useMemo } from 'react';
import { hexDumpRows } from '@/features/packets/hex-dump';

/** The frame bytes as a hex dump: offset, 16 bytes in hex and their ASCII side by side. */
export function PayloadHex({
  payload,
  capturedLength,
}: {
  payload: string;
  capturedLength: number;
}) {
  const rows = useMemo(() => hexDumpRows(payload), [payload]);
  if (rows.length === 0)
    return <p className="text-sm text-muted-foreground">This packet has no bytes to show.</p>;
  const shown = payload.length / 2;
  return (
    <div className="space-y-2">
      <div
        className="max-h-[28rem] overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs leading-5"
        data-testid="payload-hex"
      >
        {rows.map((row) => (
          <div key={row.offset} className="flex gap-4 whitespace-pre">
            <span className="text-muted-foreground select-none">{row.offset}</span>
            <span className="w-[49ch] shrink-0">{row.hex}</span>
            <span className="text-emerald-700" data-ascii>
              {row.ascii}
            </span>
          </div>
        ))}
      </div>
      {shown < capturedLength && (
        <p className="text-xs text-muted-foreground">
          First {shown} of {capturedLength} captured bytes shown; Export PCAP keeps them all.
        </p>
      )}
    </div>
  );
}
