import type { TPacket, TPacketPage } from '@netguard/contracts';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { capturePageQuery, PACKET_PAGE_SIZE } from '@/features/packets/api';
import { PacketList } from '@/features/packets/components/PacketList';
import type { TPacketFilters } from '@/features/packets/packet-filters';

type Props = {
  captureId: string;
  filters: TPacketFilters;
  firstPage: TPacketPage;
  isSelected: (packet: TPacket) => boolean;
  onSelect: (packet: TPacket) => void;
};

/** An uploaded capture's packets under the filters, read from the server one page per screenful. */
export function FilePacketList({ captureId, filters, firstPage, isSelected, onSelect }: Props) {
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const onRange = useCallback((first: number, last: number) => setRange([first, last]), []);
  const firstNumber = Math.floor(range[0] / PACKET_PAGE_SIZE);
  const lastNumber = Math.floor(Math.max(range[0], range[1]) / PACKET_PAGE_SIZE);
  const numbers = Array.from({ length: lastNumber - firstNumber + 1 }, (_, i) => firstNumber + i);
  const pages = useQueries({
    queries: numbers.map((n) => ({
      ...capturePageQuery(captureId, filters, n),
      ...(n === 0 ? { initialData: firstPage } : {}),
    })),
  });
  const byNumber = new Map(numbers.map((n, i) => [n, pages[i]?.data]));
  const packetAt = (index: number) =>
    byNumber.get(Math.floor(index / PACKET_PAGE_SIZE))?.packets[index % PACKET_PAGE_SIZE];

  return (
    <PacketList
      count={firstPage.total}
      packetAt={packetAt}
      isSelected={isSelected}
      onSelect={onSelect}
      onRange={onRange}
      busy={pages.some((p) => p.isFetching)}
      empty="No packets match the filters."
    />
  );
}
