import { PACKET_LIST_HEIGHT_PX, type TPacket } from '@netguard/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { PacketRow } from '@/features/packets/components/PacketRow';
import { cn } from '@/lib/utils';

const ROW_HEIGHT = 36;
/** The sticky header above the rows: where the rows start inside the scrolling box. */
const HEADER_HEIGHT = 36;
const COLUMNS: [string, string][] = [
  ['No.', 'w-[4.5rem]'],
  ['Time', 'w-[7.5rem]'],
  ['Source', 'w-[15%]'],
  ['Destination', 'w-[15%]'],
  ['Protocol', 'w-[7rem]'],
  ['Length', 'w-[4.5rem] text-right'],
  ['Info', ''],
];

type Props = {
  count: number;
  /** The packet at a list index, or undefined while its page is loading. */
  packetAt: (index: number) => TPacket | undefined;
  isSelected: (packet: TPacket) => boolean;
  onSelect: (packet: TPacket) => void;
  /** Told which indexes are on screen, so the pages they fall on can be fetched. */
  onRange?: (first: number, last: number) => void;
  /** Keep the newest packet in view while the user has not scrolled up (live sources). */
  follow?: boolean;
  empty: string;
  busy?: boolean;
};

/**
 * The packet list: 600 px high and virtualised (spacer rows above and below the rows in view),
 * so it mounts a screenful whether it holds 10 packets or a million-packet capture.
 */
export function PacketList({
  count,
  packetAt,
  isSelected,
  onSelect,
  onRange,
  follow,
  empty,
  busy,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows.at(-1)?.index ?? -1;
  const above = (rows[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  const below = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? HEADER_HEIGHT) - HEADER_HEIGHT);

  useEffect(() => {
    onRange?.(first, last);
  }, [onRange, first, last]);
  useEffect(() => {
    if (follow && atBottom.current && count > 0)
      virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [follow, count, virtualizer]);

  return (
    <div
      ref={scrollRef}
      data-testid="packet-list"
      aria-busy={busy}
      className="overflow-auto rounded-md border"
      style={{ height: PACKET_LIST_HEIGHT_PX }}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT * 2;
      }}
    >
      <table
        className="w-full min-w-[54rem] table-fixed border-collapse text-sm"
        aria-rowcount={count + 1}
      >
        <thead className="sticky top-0 z-10 bg-muted">
          <tr style={{ height: HEADER_HEIGHT }}>
            {COLUMNS.map(([name, width]) => (
              <th
                key={name}
                scope="col"
                className={cn('px-3 text-left text-xs font-semibold text-muted-foreground', width)}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {above > 0 && <tr style={{ height: above }} />}
          {rows.map((row) => {
            const packet = packetAt(row.index);
            return packet ? (
              <PacketRow
                key={row.index}
                packet={packet}
                selected={isSelected(packet)}
                onSelect={onSelect}
                height={ROW_HEIGHT}
              />
            ) : (
              <tr key={row.index} style={{ height: ROW_HEIGHT }}>
                <td colSpan={COLUMNS.length} className="px-3">
                  <div className="h-5 animate-pulse rounded bg-muted/60" />
                </td>
              </tr>
            );
          })}
          {below > 0 && <tr style={{ height: below }} />}
        </tbody>
      </table>
      {count === 0 && (
        // Outside the wide table and pinned to the visible box, so a phone reads all of it.
        <p
          className="sticky left-0 w-full p-10 text-center text-sm text-muted-foreground"
          data-testid="packet-list-empty"
        >
          {empty}
        </p>
      )}
    </div>
  );
}
