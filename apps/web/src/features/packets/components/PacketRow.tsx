import type { TPacket } from '@netguard/contracts';
import { ProtocolBadge } from '@/features/packets/components/ProtocolBadge';
import { formatPacketTime } from '@/features/packets/packet-format';
import { cn } from '@/lib/utils';

type Props = {
  packet: TPacket;
  selected: boolean;
  onSelect: (packet: TPacket) => void;
  height: number;
};

const CELL = 'truncate px-3 font-mono text-xs';

/**
 * One line of the packet list. The number cell holds a button stretched over the whole row, so a
 * click anywhere selects the packet and the keyboard reaches every row.
 */
export function PacketRow({ packet, selected, onSelect, height }: Props) {
  return (
    <tr
      data-testid="packet-row"
      data-packet-id={packet.id}
      aria-selected={selected}
      className={cn(
        'relative border-b hover:bg-muted/60',
        selected && 'bg-primary/10 hover:bg-primary/15',
      )}
      style={{ height }}
    >
      <td className={cn(CELL, 'text-muted-foreground tabular-nums')}>
        <button
          type="button"
          className="outline-none after:absolute after:inset-0 focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
          aria-label={`Packet ${packet.id}: ${packet.protocol} ${packet.info}`}
          onClick={() => onSelect(packet)}
        >
          {packet.id}
        </button>
      </td>
      <td className={cn(CELL, 'tabular-nums')}>{formatPacketTime(packet.time)}</td>
      <td className={CELL} title={packet.source}>
        {packet.source}
      </td>
      <td className={CELL} title={packet.destination}>
        {packet.destination}
      </td>
      <td className="px-3">
        <ProtocolBadge protocol={packet.protocol} />
      </td>
      <td className={cn(CELL, 'text-right tabular-nums')}>{packet.length}</td>
      <td className="truncate px-3 text-xs" title={packet.info}>
        {packet.info}
      </td>
    </tr>
  );
}
