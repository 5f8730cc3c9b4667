import type { TScanExportFormat, TScanFilters, TScanListItem } from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { csvField } from '../vulnerabilities/vulnerabilities.export.ts';
import { listScans } from './scans.repo.ts';
import { toScanListItem } from './scans.view.ts';

const BATCH = 1000;

/** Columns of the CSV export, in order; targets are joined by spaces. */
const COLUMNS = [
  'id',
  'scan_name',
  'scan_type',
  'status',
  'progress',
  'target_hosts',
  'ports',
  'error',
  'created_at',
  'started_at',
  'completed_at',
] as const satisfies readonly (keyof TScanListItem)[];

function csvRow(scan: TScanListItem): string {
  const value = (column: (typeof COLUMNS)[number]) =>
    column === 'target_hosts' ? scan.target_hosts.join(' ') : scan[column];
  return `${COLUMNS.map((column) => csvField(value(column))).join(',')}\r\n`;
}

/** The file body: CSV with a header row, or a JSON array of scan list items. */
export function formatScans(format: TScanExportFormat, scans: TScanListItem[]): string {
  if (format === 'json') return `${JSON.stringify(scans, null, 2)}\n`;
  return `${COLUMNS.join(',')}\r\n${scans.map(csvRow).join('')}`;
}

/**
 * Every scan of the organization matching the filters, newest first, read in batches from one
 * snapshot (scans started meanwhile neither repeat nor shift rows). Built whole before the
 * first byte is sent, so a failure is an error response, never a cut file.
 */
export async function exportScans(
  db: Executor,
  organizationId: string,
  filters: TScanFilters,
  format: TScanExportFormat,
): Promise<string> {
  const items = await db.transaction(
    async (tx) => {
      const out: TScanListItem[] = [];
      for (let offset = 0; ; offset += BATCH) {
        const rows = await listScans(tx, organizationId, BATCH, offset, filters);
        out.push(...rows.map(toScanListItem));
        if (rows.length < BATCH) return out;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return formatScans(format, items);
}
