import { Activity, Boxes, Gauge, Radio } from 'lucide-react';
import { StatCard } from '@/features/dashboard/components/StatCard';
import { formatBytes, formatRate } from '@/features/packets/packet-format';

type Props = {
  packets: number;
  bytes: number;
  rate: number;
  rateDetail: string;
  protocols: number;
  capturing: boolean;
};

/** Total Packets (with total size), Packets/sec, Protocols and Status. */
export function PacketStatCards({ packets, bytes, rate, rateDetail, protocols, capturing }: Props) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4" data-testid="packet-stats">
      <StatCard
        title="Total Packets"
        value={packets.toLocaleString('en-US')}
        detail={`${formatBytes(bytes)} total`}
        icon={Boxes}
      />
      <StatCard
        title="Packets/sec"
        value={formatRate(rate)}
        detail={rateDetail}
        icon={Gauge}
        tone="violet"
      />
      <StatCard
        title="Protocols"
        value={protocols}
        detail="distinct protocols seen"
        icon={Activity}
        tone="emerald"
      />
      <StatCard
        title="Status"
        value={capturing ? 'CAPTURING' : 'STOPPED'}
        detail={capturing ? 'packets are arriving' : 'not capturing'}
        icon={Radio}
        tone={capturing ? 'red' : 'blue'}
      />
    </div>
  );
}
