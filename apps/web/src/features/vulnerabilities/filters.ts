import {
  MITIGATION_FILTERS,
  MUTED_FILTERS,
  type TVulnerability,
  type TVulnerabilityFilters,
  VULN_SEVERITIES,
  VULN_SORTS,
  VULN_STATE_VALUES,
} from '@netguard/contracts';

export const DEFAULT_FILTERS: TVulnerabilityFilters = {
  search: '',
  severity: 'all',
  status: 'all',
  state: 'all',
  overdue: false,
  muted: 'unmuted',
  sort: 'newest',
};

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Filters from the page's URL (?q=&severity=&status=&state=&overdue=1&muted=&sort=); unknown values fall back. */
export function filtersFromParams(params: URLSearchParams): TVulnerabilityFilters {
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    severity: pick(params.get('severity'), ['all', ...VULN_SEVERITIES] as const, 'all'),
    status: pick(params.get('status'), MITIGATION_FILTERS, 'all'),
    state: pick(params.get('state'), ['all', ...VULN_STATE_VALUES] as const, 'all'),
    overdue: params.get('overdue') === '1',
    muted: pick(params.get('muted'), MUTED_FILTERS, 'unmuted'),
    sort: pick(params.get('sort'), VULN_SORTS, 'newest'),
  };
}

/** The URL form of the filters: defaults are left out. */
export function filtersToParams(f: TVulnerabilityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search) params.set('q', f.search);
  for (const key of ['severity', 'status', 'state', 'muted', 'sort'] as const)
    if (f[key] !== DEFAULT_FILTERS[key]) params.set(key, f[key]);
  if (f.overdue) params.set('overdue', '1');
  return params;
}

/** The API query string of the filters, plus paging or an export format. */
export function apiQuery(f: TVulnerabilityFilters, extra: Record<string, string | number>): string {
  const params = new URLSearchParams({
    search: f.search,
    severity: f.severity,
    status: f.status,
    state: f.state,
    overdue: String(f.overdue),
    muted: f.muted,
    sort: f.sort,
  });
  for (const [k, v] of Object.entries(extra)) params.set(k, String(v));
  return params.toString();
}

/** Whether any filter narrows the list (for the empty state's hint). */
export function isFiltered(f: TVulnerabilityFilters): boolean {
  return (
    f.search !== '' ||
    f.severity !== 'all' ||
    f.status !== 'all' ||
    f.state !== 'all' ||
    f.overdue ||
    f.muted !== 'unmuted'
  );
}

/** "Due in 5 h", "Overdue by 2 d", or null without a due date; only open, unmitigated ones are due. */
export function dueText(
  v: { due_at: string | null; mitigated: boolean; state: TVulnerability['state'] },
  now = Date.now(),
): string | null {
  if (!v.due_at || v.mitigated || v.state !== 'open') return null;
  const ms = new Date(v.due_at).getTime() - now;
  const span = Math.abs(ms);
  const text =
    span >= 86_400_000
      ? `${Math.floor(span / 86_400_000)} d`
      : `${Math.max(1, Math.floor(span / 3_600_000))} h`;
  return ms < 0 ? `Overdue by ${text}` : `Due in ${text}`;
}
