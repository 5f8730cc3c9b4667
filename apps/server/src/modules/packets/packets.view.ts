import type { TCaptureFile } from '@netguard/contracts';
import type { CaptureRow, CaptureSummaryRow } from './packets.repo.ts';

type ListedCapture = Omit<TCaptureFile, 'stats'>;

/** A capture row as the API shows it in lists (no stats). */
export function toCaptureListItem(row: CaptureSummaryRow): ListedCapture {
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    size_bytes: row.sizeBytes,
    packet_count: row.packetCount,
    link_types: row.linkTypes,
    created_at: row.createdAt.toISOString(),
  };
}

/** A capture row with its stats. */
export function toCaptureFile(row: CaptureSummaryRow & Pick<CaptureRow, 'stats'>): TCaptureFile {
  return { ...toCaptureListItem(row), stats: row.stats };
}
