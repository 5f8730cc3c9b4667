import { frameworkText, type TVulnerability } from '@netguard/contracts';

/** An exported vulnerability: the API item with its detection and framework controls in flat fields. */
type ExportItem = TVulnerability & {
  detection_method: string | null;
  detection_qod: number | null;
  detection_detail: string | null;
  /** "SOC 2 CC6.1, CC6.6; ISO 27001 A.8.20; ..." for a cloud finding, empty otherwise. */
  framework_controls: string;
};

function toExportItem(item: TVulnerability): ExportItem {
  return {
    ...item,
    detection_method: item.detection?.method ?? null,
    detection_qod: item.detection?.qod ?? null,
    detection_detail: item.detection?.detail ?? null,
    framework_controls: frameworkText(item.frameworks),
  };
}

/** Columns of the CSV export, in order. */
const COLUMNS = [
  'id',
  'title',
  'severity',
  'state',
  'mitigated',
  'overdue',
  'host',
  'port',
  'protocol',
  'service',
  'vulnerability_type',
  'cve_id',
  'cvss_score',
  'risk_score',
  'detection_method',
  'detection_qod',
  'detection_detail',
  'first_seen_at',
  'last_seen_at',
  'occurrences',
  'due_at',
  'fixed_at',
  'description',
  'solution',
  'check_id',
  'framework_controls',
] as const satisfies readonly (keyof ExportItem)[];

/**
 * One CSV field (RFC 4180 quoting). Text that a spreadsheet would run as a formula
 * (= + - @ tab CR at the start) is prefixed with a quote: findings carry banners from scanned hosts.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = `${COLUMNS.join(',')}\r\n`;

export function csvRow(item: TVulnerability): string {
  const row = toExportItem(item);
  return `${COLUMNS.map((c) => csvField(row[c])).join(',')}\r\n`;
}

/**
 * Streams an export: the header, then each batch's rows, then the footer. The first batch is
 * read before the header, so a query that fails at once fails before anything is sent.
 */
export async function* exportChunks(
  format: 'csv' | 'json',
  batches: AsyncIterable<TVulnerability[]>,
): AsyncGenerator<string> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = await iterator.next();
  yield format === 'csv' ? CSV_HEADER : '[';
  let first = true;
  for (; !next.done; next = await iterator.next()) {
    for (const item of next.value) {
      if (format === 'csv') yield csvRow(item);
      else {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(toExportItem(item))}`;
        first = false;
      }
    }
  }
  if (format === 'json') yield first ? ']\n' : '\n]\n';
}
