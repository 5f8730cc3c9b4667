import type { TPacket, TPacketPage } from '@netguard/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { FilePacketList } from '@/features/packets/components/FilePacketList';
import { PacketList } from '@/features/packets/components/PacketList';
import type { TPacketFilters } from '@/features/packets/packet-filters';

type Props = {
  title: string;
  description: string;
  /** Live and Demo: the packets held in the browser that match the filters. */
  held?: readonly TPacket[];
  /** File: the opened capture and the first page of its filtered packets. */
  file?: { captureId: string; firstPage: TPacketPage | undefined; filters: TPacketFilters };
  empty: string;
  follow: boolean;
  isSelected: (packet: TPacket) => boolean;
  onSelect: (packet: TPacket) => void;
};

/** The packet list card, fed from the browser (Live, Demo) or from the server (File). */
export function PacketListCard({
  title,
  description,
  held,
  file,
  empty,
  follow,
  isSelected,
  onSelect,
}: Props) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {file ? (
          file.firstPage ? (
            <FilePacketList
              captureId={file.captureId}
              filters={file.filters}
              firstPage={file.firstPage}
              isSelected={isSelected}
              onSelect={onSelect}
            />
          ) : (
            <Skeleton className="h-[600px] w-full" />
          )
        ) : (
          <PacketList
            count={held?.length ?? 0}
            packetAt={(index) => held?.[index]}
            isSelected={isSelected}
            onSelect={onSelect}
            follow={follow}
            empty={empty}
          />
        )}
      </CardContent>
    </Card>
  );
}
