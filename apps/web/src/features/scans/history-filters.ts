import {
  SCAN_STATUSES,
  SCAN_TYPE_VALUES,
  type TScanExportFormat,
  type TScanStatus,
  type TScanType,
} from '@netguard/contracts';

/** Scans per page of the history. */
export const HISTORY_PAGE_SIZE = 20;

/** The history page's filters as its URL holds them; dates are local calendar days. */
export type THistoryFilters = {
  status: TScanStatus | 'all';
  scan_type: TScanType | 'all';
  q: string;
  /** YYYY-MM-DD (local day) or ''. */
  from: string;
  to: string;
  /** Zero-based page. */
  page: number;
};

export const EMPTY_HISTORY_FILTERS: THistoryFilters = {
  status: 'all',
  scan_type: 'all',
  q: '',
  from: '',
  to: '',
  page: 0,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | 'all' =>
  allowed.includes(value as T) ? (value as T) : 'all';
const day = (value: string | null) => (value && DAY.test(value) ? value : '');

/** Filters from the URL (?status=&type=&q=&from=&to=&page=); unknown values fall back. */
export function historyFromParams(params: URLSearchParams): THistoryFilters {
  const page = Number(params.get('page'));
  return {
    status: pick(params.get('status'), SCAN_STATUSES),
    scan_type: pick(params.get('type'), SCAN_TYPE_VALUES),
    q: (params.get('q') ?? '').slice(0, 100),
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The URL form of the filters: defaults are left out, pages count from 1. */
export function historyToParams(f: THistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.status !== 'all') params.set('status', f.status);
  if (f.scan_type !== 'all') params.set('type', f.scan_type);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.page > 0) params.set('page', String(f.page + 1));
  return params;
}

/** Midnight starting the local calendar day `offset` days after `ymd`, as an ISO instant. */
function localMidnight(ymd: string, offset = 0): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + offset).toISOString();
}

/**
 * The API query of the filters: local days become instants (from the first day's start to
 * the end of the last day), plus paging or an export format.
 */
export function historyApiQuery(
  f: THistoryFilters,
  extra: { format: TScanExportFormat } | { limit: number; offset: number },
): string {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.status !== 'all') params.set('status', f.status);
  if (f.scan_type !== 'all') params.set('scan_type', f.scan_type);
  if (f.from) params.set('from', localMidnight(f.from));
  if (f.to) params.set('to', localMidnight(f.to, 1));
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

/** Whether any filter narrows the list (for the empty state). */
export function isHistoryFiltered(f: THistoryFilters): boolean {
  return f.status !== 'all' || f.scan_type !== 'all' || f.q !== '' || f.from !== '' || f.to !== '';
}

/** "21–40 of 43" for a page of the list. */
export function pageRange(page: number, shown: number, total: number): string {
  if (total === 0) return '0 scans';
  const first = page * HISTORY_PAGE_SIZE + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}
