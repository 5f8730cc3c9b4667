import {
  PACKET_MESSAGES,
  type TCaptureCapability,
  type TCaptureFile,
  type TPacket,
  type TPacketSource,
  type TPacketStats,
} from '@netguard/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { exportCapture, exportLivePackets } from '@/features/packets/api';
import type { TPacketFilters } from '@/features/packets/packet-filters';
import { averageRate } from '@/features/packets/packet-rate';
import type { useDemoCapture } from '@/features/packets/use-demo-capture';
import type { useLiveCapture } from '@/features/packets/use-live-capture';
import { errorMessage } from '@/lib/api-client';

type Inputs = {
  source: TPacketSource;
  filters: TPacketFilters;
  demo: ReturnType<typeof useDemoCapture>;
  live: ReturnType<typeof useLiveCapture>;
  liveStats: TPacketStats;
  demoStats: TPacketStats;
  /** The Live packets matching the filters: what Export PCAP writes. */
  liveVisible: readonly TPacket[];
  capability: TCaptureCapability | undefined;
  liveSettings: { iface: string; bpf: string };
  capture: TCaptureFile | undefined;
  onCloseCapture: () => void;
};

/** Start, stop, clear, export and the stat card figures of whichever source is selected. */
export function usePacketSources(inputs: Inputs) {
  const { source, demo, live, capture } = inputs;
  const [exporting, setExporting] = useState(false);

  const startBlocked =
    source === 'file'
      ? 'Upload or open a capture file instead'
      : source === 'live' && inputs.capability && !inputs.capability.can_capture
        ? (inputs.capability.reason ?? 'Live capture is not available')
        : source === 'live' && !inputs.liveSettings.iface
          ? 'Choose an interface first'
          : null;
  const exportBlocked =
    source === 'demo'
      ? 'Simulated packets have no frames to export'
      : source === 'file' && !capture
        ? 'Open a capture file first'
        : source === 'live' && inputs.liveVisible.length === 0
          ? 'There are no packets to export'
          : null;

  const start = () => {
    if (source === 'demo') demo.start();
    if (source === 'live')
      live.start({ interface: inputs.liveSettings.iface, bpf: inputs.liveSettings.bpf.trim() });
  };
  const stop = () => (source === 'demo' ? demo.stop() : live.stop());
  const clear = () => {
    if (source === 'demo') demo.clear();
    else if (source === 'live') live.clear();
    else inputs.onCloseCapture();
    toast.success(PACKET_MESSAGES.cleared);
  };
  const runExport = async () => {
    setExporting(true);
    try {
      if (source === 'file' && capture) await exportCapture(capture, inputs.filters);
      if (source === 'live') {
        const skipped = await exportLivePackets(inputs.liveVisible);
        if (skipped > 0)
          toast.info(`${skipped} packets of another link type were left out of the file`);
      }
    } catch (error) {
      toast.error('Could not export the packets', { description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const figures =
    source === 'file'
      ? {
          stats: capture?.stats,
          rate: capture ? averageRate(capture.stats) : 0,
          rateDetail: 'average over the capture',
          capturing: false,
        }
      : source === 'live'
        ? {
            stats: inputs.liveStats,
            rate: live.rate,
            rateDetail: 'in the last second',
            capturing: live.capturing,
          }
        : {
            stats: inputs.demoStats,
            rate: demo.rate,
            rateDetail: 'simulated rate',
            capturing: demo.capturing,
          };

  return {
    ...figures,
    startBlocked,
    exportBlocked,
    busy: source === 'live' && (live.phase === 'starting' || live.phase === 'stopping'),
    exporting,
    start,
    stop,
    clear,
    runExport,
  };
}
