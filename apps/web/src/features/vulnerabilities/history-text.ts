import type { TVulnerabilityEvent } from '@netguard/contracts';
import { formatDateTime } from '@/lib/format';

/** Texts of the History tab. */
export const HISTORY_TEXT = {
  empty:
    'No changes recorded yet. Changes appear here when a feed import or a new assessment re-evaluates this vulnerability.',
  loadFailed: 'Could not load the history of this vulnerability.',
} as const;

const KIND_LABELS: Record<string, string> = {
  assessed: 'Assessed',
  detected: 'Detected',
  priority_changed: 'Priority changed',
  confidence_changed: 'Confidence changed',
  status_changed: 'Status changed',
};

export type HistoryEntry = {
  id: string;
  /** ISO time, for <time dateTime>. */
  at: string;
  when: string;
  change: string;
  summary: string;
  source: string;
};

// Details are free JSON written by the server (feeds.reevaluate.ts, risk.assess.ts): read
// only the fields that name where the change came from, and tolerate anything else.
const objectAt = (value: unknown, key: string): Record<string, unknown> | null => {
  const inner = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : null;
  return inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : null;
};

/** Where a recorded change came from: the KEV catalog, a distribution's fix, the risk assessment. */
export function historySource(details: unknown): string {
  if (objectAt(details, 'kev')) return 'CISA KEV catalog (feed import)';
  const seen = objectAt(details, 'seen');
  if (objectAt(details, 'fix'))
    return `${typeof seen?.label === 'string' ? seen.label : 'Distribution'} package fix (feed import)`;
  if (details && typeof details === 'object' && 'riskScore' in details) return 'Risk assessment';
  return 'NetGuard';
}

/** One history event as the tab shows it: when, what kind of change, the change in words, source. */
export function historyEntry(event: TVulnerabilityEvent): HistoryEntry {
  const fallback = event.kind.replaceAll('_', ' ');
  return {
    id: event.id,
    at: event.created_at,
    when: formatDateTime(event.created_at),
    change: KIND_LABELS[event.kind] ?? fallback.charAt(0).toUpperCase() + fallback.slice(1),
    summary: event.summary,
    source: historySource(event.details),
  };
}
