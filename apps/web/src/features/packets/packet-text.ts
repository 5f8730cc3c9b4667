import {
  PACKET_LIMITS,
  type TCaptureFile,
  type TPacket,
  type TPacketPage,
  type TPacketSource,
} from '@netguard/contracts';
import { isFiltered, type TPacketFilters } from '@/features/packets/packet-filters';

type Inputs = {
  source: TPacketSource;
  filters: TPacketFilters;
  capture: Pick<TCaptureFile, 'name' | 'packet_count'> | undefined;
  firstPage: Pick<TPacketPage, 'total'> | undefined;
  held: { visible: readonly TPacket[]; stats: { packets: number } };
  capturing: boolean;
};

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'packet' : 'packets'}`;

/** The packet list's title, description, empty text and the filter card's match count. */
export function listText({ source, filters, capture, firstPage, held, capturing }: Inputs) {
  const filtered = isFiltered(filters);
  if (source === 'file') {
    const total = capture?.packet_count ?? 0;
    const shown = firstPage?.total ?? total;
    return {
      title: capture ? capture.name : 'Capture File',
      description: capture
        ? `${count(total)} in the file, read from the server as you scroll.`
        : 'No capture opened.',
      summary: filtered ? `${shown.toLocaleString('en-US')} of ${count(total)}` : count(total),
      empty: !capture
        ? 'Upload a capture file or open one above.'
        : filtered
          ? 'No packets match the filters.'
          : 'This capture has no packets.',
    };
  }
  const all = held.stats.packets;
  const shown = held.visible.length;
  const idle =
    source === 'demo'
      ? 'Press Start Capture to simulate packets.'
      : 'Choose an interface and press Start Capture.';
  return {
    title: source === 'demo' ? 'Simulated Packets' : 'Live Packets',
    description:
      source === 'demo'
        ? 'Random packets made in your browser: not real traffic.'
        : `The newest ${PACKET_LIMITS.maxLivePackets.toLocaleString('en-US')} packets of the capture are kept.`,
    summary: filtered ? `${shown.toLocaleString('en-US')} of ${count(all)}` : count(all),
    empty: all > 0 ? 'No packets match the filters.' : capturing ? 'Waiting for packets...' : idle,
  };
}
