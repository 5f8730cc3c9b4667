import type { TPacket, TPacketSource } from '@netguard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { capturePageQuery, useCapture, useCaptureCapability } from '@/features/packets/api';
import { CaptureActions } from '@/features/packets/components/CaptureActions';
import { DemoSourcePanel } from '@/features/packets/components/DemoSourcePanel';
import { FileSourcePanel } from '@/features/packets/components/FileSourcePanel';
import { FilterCard } from '@/features/packets/components/FilterCard';
import { LiveSourcePanel } from '@/features/packets/components/LiveSourcePanel';
import { PacketDetails } from '@/features/packets/components/PacketDetails';
import { PacketInsights } from '@/features/packets/components/PacketInsights';
import { PacketListCard } from '@/features/packets/components/PacketListCard';
import { PacketStatCards } from '@/features/packets/components/PacketStatCards';
import { SourceSelector } from '@/features/packets/components/SourceSelector';
import {
  NO_FILTERS,
  protocolOptions,
  type TPacketFilters,
} from '@/features/packets/packet-filters';
import { listText } from '@/features/packets/packet-text';
import { useDemoCapture } from '@/features/packets/use-demo-capture';
import { samePacket, useHeldView } from '@/features/packets/use-held-view';
import { useLiveCapture } from '@/features/packets/use-live-capture';
import { usePacketSources } from '@/features/packets/use-packet-sources';

/** The Packet Analysis page: a source (Live, File or Demo), its packets, filters and statistics. */
export function PacketAnalysis() {
  const [source, setSource] = useState<TPacketSource>('live');
  const [filters, setFilters] = useState<TPacketFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<TPacket | null>(null);
  const [captureId, setCaptureId] = useState<string | null>(null);
  const [iface, setIface] = useState('');
  const [bpf, setBpf] = useState('');
  const capability = useCaptureCapability().data;
  const capture = useCapture(captureId).data;
  const firstPage = useQuery({
    ...capturePageQuery(captureId ?? '', filters, 0),
    enabled: captureId !== null,
  });
  const demo = useDemoCapture();
  const live = useLiveCapture();
  const demoView = useHeldView(demo.packets, filters);
  const liveView = useHeldView(live.packets, filters);
  const held = source === 'live' ? liveView : demoView;
  const closeCapture = useCallback(() => {
    setCaptureId(null);
    setSelected(null);
  }, []);
  const controls = usePacketSources({
    source,
    filters,
    demo,
    live,
    liveStats: liveView.stats,
    demoStats: demoView.stats,
    liveVisible: liveView.visible,
    capability,
    liveSettings: { iface, bpf },
    capture,
    onCloseCapture: closeCapture,
  });

  useEffect(() => {
    const names = capability?.interfaces.map((i) => i.name) ?? [];
    if (!iface && names.length > 0) setIface(names.includes('lo') ? 'lo' : (names[0] ?? ''));
  }, [capability, iface]);

  const changeSource = (next: TPacketSource) => {
    setSource(next);
    setSelected(null);
  };
  const clear = () => {
    controls.clear();
    setSelected(null);
  };
  const protocols =
    source === 'file'
      ? protocolOptions(capture?.stats.protocols.map((p) => p.protocol) ?? [])
      : held.protocols;
  const text = listText({
    source,
    filters,
    capture,
    firstPage: firstPage.data,
    held,
    capturing: controls.capturing,
  });

  return (
    <div className="space-y-6" data-testid="packet-analysis" data-source={source}>
      <PageHeader
        icon={Activity}
        title="Packet Analysis"
        subtitle="Capture live traffic, open pcap and pcapng files, and dissect every packet."
        actions={
          <CaptureActions
            capturing={controls.capturing}
            startBlocked={controls.startBlocked}
            busy={controls.busy}
            onStart={controls.start}
            onStop={controls.stop}
            onClear={clear}
            exportBlocked={controls.exportBlocked}
            exporting={controls.exporting}
            onExport={() => void controls.runExport()}
          />
        }
      />
      <SourceSelector
        source={source}
        onSource={changeSource}
        locked={controls.capturing || live.phase !== 'idle'}
        panels={{
          live: (
            <LiveSourcePanel
              capability={capability}
              iface={iface}
              onInterface={setIface}
              bpf={bpf}
              onBpf={setBpf}
              error={live.error}
              dropped={live.dropped}
              disabled={live.phase !== 'idle'}
            />
          ),
          file: (
            <FileSourcePanel
              openedId={captureId}
              onOpen={(id) => {
                setCaptureId(id);
                setSelected(null);
              }}
              onDeleted={(id) => id === captureId && closeCapture()}
              onUploaded={(uploaded) => {
                setCaptureId(uploaded.id);
                setSelected(null);
              }}
            />
          ),
          demo: <DemoSourcePanel />,
        }}
      />
      <PacketStatCards
        packets={controls.stats?.packets ?? 0}
        bytes={controls.stats?.bytes ?? 0}
        rate={controls.rate}
        rateDetail={controls.rateDetail}
        protocols={controls.stats?.protocols.length ?? 0}
        capturing={controls.capturing}
      />
      <FilterCard
        filters={filters}
        protocols={protocols}
        onChange={setFilters}
        summary={text.summary}
      />
      <PacketListCard
        title={text.title}
        description={text.description}
        held={source === 'file' ? undefined : held.visible}
        file={
          source === 'file' && captureId
            ? { captureId, firstPage: firstPage.data, filters }
            : undefined
        }
        empty={text.empty}
        follow={controls.capturing}
        isSelected={(packet) => samePacket(selected, packet)}
        onSelect={setSelected}
      />
      <PacketInsights stats={controls.stats} details={<PacketDetails packet={selected} />} />
    </div>
  );
}
