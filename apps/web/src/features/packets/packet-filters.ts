import type { TPacketFilterQuery } from '@netguard/contracts';

/** The filter card's applied values; protocol 'all' matches any. */
export type TPacketFilters = { search: string; protocol: string; filter: string };

export const NO_FILTERS: TPacketFilters = { search: '', protocol: 'all', filter: '' };

/** The filters as compilePacketFilter and the API take them: empty parts left out. */
export function filterQuery(filters: TPacketFilters): TPacketFilterQuery {
  const query: TPacketFilterQuery = {};
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.protocol && filters.protocol !== 'all') query.protocol = filters.protocol;
  if (filters.filter.trim()) query.filter = filters.filter.trim();
  return query;
}

/** The API query string of the filters plus paging. */
export function filterParams(filters: TPacketFilters, extra: Record<string, number> = {}): string {
  const params = new URLSearchParams(filterQuery(filters) as Record<string, string>);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

/** The protocol select's options: the distinct protocols present, sorted, without empties. */
export function protocolOptions(protocols: Iterable<string>): string[] {
  return [...new Set([...protocols].filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** Whether any filter narrows the list. */
export function isFiltered(filters: TPacketFilters): boolean {
  return Object.keys(filterQuery(filters)).length > 0;
}
