import {
  PACKET_LIMITS,
  type TCaptureFile,
  type TPacket,
  ZCaptureCapability,
  ZCaptureFile,
  ZCaptureFileList,
  ZPacketPage,
} from '@netguard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { liveExportRequest } from '@/features/packets/live-buffer';
import { filterParams, filterQuery, type TPacketFilters } from '@/features/packets/packet-filters';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';

/** Packets read per request while the list scrolls. */
export const PACKET_PAGE_SIZE = PACKET_LIMITS.defaultPageSize;

/** Query keys of the packets domain. */
export const packetKeys = {
  all: ['packets'] as const,
  capability: () => [...packetKeys.all, 'capability'] as const,
  captures: () => [...packetKeys.all, 'captures'] as const,
  capture: (id: string) => [...packetKeys.captures(), id] as const,
  page: (id: string, filters: TPacketFilters, page: number) =>
    [...packetKeys.capture(id), 'packets', filterQuery(filters), page] as const,
};

/** GET /api/packets/capability: whether this user may capture live on the server, and where. */
export function useCaptureCapability() {
  return useQuery({
    queryKey: packetKeys.capability(),
    queryFn: ({ signal }) =>
      apiRequest('/api/packets/capability', { schema: ZCaptureCapability, signal }),
    staleTime: 60_000,
  });
}

/** GET /api/packets/captures: the organization's uploaded capture files. */
export function useCaptures() {
  return useQuery({
    queryKey: packetKeys.captures(),
    queryFn: ({ signal }) =>
      apiRequest('/api/packets/captures', { schema: ZCaptureFileList, signal }),
  });
}

/** GET /api/packets/captures/:id: one capture with its statistics. */
export function useCapture(id: string | null) {
  return useQuery({
    queryKey: packetKeys.capture(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/packets/captures/${encodeURIComponent(id ?? '')}`, {
        schema: ZCaptureFile,
        signal,
      }),
    enabled: id !== null,
  });
}

/** One page of a capture's packets under the filters; any page can be read on its own. */
export function capturePageQuery(id: string, filters: TPacketFilters, page: number) {
  return {
    queryKey: packetKeys.page(id, filters, page),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(
        `/api/packets/captures/${encodeURIComponent(id)}/packets?${filterParams(filters, {
          offset: page * PACKET_PAGE_SIZE,
          limit: PACKET_PAGE_SIZE,
        })}`,
        { schema: ZPacketPage, signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/** DELETE /api/packets/captures/:id. */
export function useDeleteCapture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (capture: Pick<TCaptureFile, 'id' | 'name'>) =>
      apiRequest(`/api/packets/captures/${encodeURIComponent(capture.id)}`, { method: 'DELETE' }),
    onSuccess: (_data, capture) => {
      queryClient.removeQueries({ queryKey: packetKeys.capture(capture.id) });
      void queryClient.invalidateQueries({ queryKey: packetKeys.captures() });
      toast.success(`Deleted ${capture.name}`);
    },
    onError: (error) =>
      toast.error('Could not delete the capture', { description: errorMessage(error) }),
  });
}

/** Base name of an export, without the extension. */
const exportStem = (name: string) => name.replace(/\.(pcapng|pcap|cap)$/i, '') || 'capture';

/** Downloads the capture's packets matching the filters as a capture file. */
export function exportCapture(capture: Pick<TCaptureFile, 'id' | 'name'>, filters: TPacketFilters) {
  return apiDownload(
    `/api/packets/captures/${encodeURIComponent(capture.id)}/export?${filterParams(filters)}`,
    `${exportStem(capture.name)}-filtered.pcap`,
  );
}

/** Writes the held live packets back as a pcap file (POST /api/packets/export); those left out. */
export async function exportLivePackets(packets: readonly TPacket[]): Promise<number> {
  const built = liveExportRequest(packets);
  if (!built) throw new Error('There are no packets to export');
  await apiDownload('/api/packets/export', 'live-capture.pcap', {
    method: 'POST',
    body: built.request,
  });
  return built.skipped;
}
