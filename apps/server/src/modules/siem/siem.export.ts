// export-siem-logs: the events an integration forwarded in a time range, as JSON lines (the event
// as sent, with its delivery receipt) or CSV, read in pages so a large range streams.
import type { Executor } from '../../db/client.ts';
import { csvField } from '../vulnerabilities/vulnerabilities.export.ts';
import { deliveredInRange } from './siem.repo.ts';

const PAGE = 1000;

export const SIEM_EXPORT_CONTENT_TYPES = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

const CSV_COLUMNS = [
  'delivered_at',
  'queued_at',
  'event_id',
  'type',
  'time',
  'level',
  'severity',
  'title',
  'host',
  'ip',
  'port',
  'cve',
  'receipt_status',
  'receipt_ack_id',
  'receipt_result',
];

export async function* siemLogChunks(
  db: Executor,
  scope: { organizationId: string; integrationId: string },
  query: { from: string; to: string; format: 'jsonl' | 'csv' },
): AsyncGenerator<string> {
  if (query.format === 'csv') yield `${CSV_COLUMNS.join(',')}\n`;
  let after = 0;
  for (;;) {
    const rows = await deliveredInRange(
      db,
      scope.organizationId,
      scope.integrationId,
      query,
      after,
      PAGE,
    );
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.seq ?? after;
    const lines = rows.map((r) => {
      const deliveredAt = new Date(r.delivered_at as string).toISOString();
      const queuedAt = new Date(r.queued_at).toISOString();
      if (query.format === 'jsonl')
        return `${JSON.stringify({ deliveredAt, queuedAt, receipt: r.receipt, event: r.event })}\n`;
      const e = r.event as Record<string, unknown>;
      const receipt = (r.receipt ?? {}) as Record<string, unknown>;
      return `${[
        deliveredAt,
        queuedAt,
        r.event_id,
        e.type,
        e.time,
        e.level,
        e.severity,
        e.title,
        e.host,
        e.ip,
        e.port,
        e.cve,
        receipt.status,
        receipt.ackId,
        receipt.result,
      ]
        .map((v) => csvField(v))
        .join(',')}\n`;
    });
    yield lines.join('');
    if (rows.length < PAGE) return;
  }
}
