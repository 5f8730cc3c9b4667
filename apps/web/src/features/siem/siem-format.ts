import type { TSiemReceipt } from '@netguard/contracts';
import { toLocalInput } from '@/lib/format';

/** Milliseconds as "85 ms" or "1.2 s"; "—" when there is none yet. */
export function formatLatency(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** What the SIEM answered: "HTTP 200 · ack 17 · created"; "—" before any answer. */
export function formatReceipt(receipt: TSiemReceipt | null): string {
  if (!receipt) return '—';
  const parts = [receipt.status > 0 ? `HTTP ${receipt.status}` : 'No HTTP status'];
  if (receipt.ackId !== undefined) parts.push(`ack ${receipt.ackId}`);
  if (receipt.result) parts.push(receipt.result);
  if (receipt.note) parts.push(receipt.note);
  return parts.join(' · ');
}

/** Export's default range: the last 24 hours up to now. */
export function defaultExportRange(now = new Date()): { from: string; to: string } {
  return { from: toLocalInput(new Date(now.getTime() - 24 * 3_600_000)), to: toLocalInput(now) };
}

/**
 * The export query string from the picked local times, or a message when the range is not one.
 */
export function exportQuery(
  range: { from: string; to: string },
  format: 'jsonl' | 'csv',
): { query: string } | { problem: string } {
  const from = new Date(range.from);
  const to = new Date(range.to);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    return { problem: 'Pick both a start and an end' };
  if (from > to) return { problem: 'The start must not be after the end' };
  const params = new URLSearchParams({
    from: from.toISOString(),
    to: to.toISOString(),
    format,
  });
  return { query: params.toString() };
}
