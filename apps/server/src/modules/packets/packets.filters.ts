import { compilePacketFilter, type TPacket, type TPacketFilterQuery } from '@netguard/contracts';
import { AppError } from '../../lib/errors.ts';

export type ActiveFilters = { search?: string; protocol?: string; filter?: string };

/**
 * The filters that narrow anything, or null when the query shows every packet (no search, the
 * protocol select on All, no display filter).
 */
export function activeFilters(query: TPacketFilterQuery): ActiveFilters | null {
  const search = query.search?.trim() || undefined;
  const protocol = query.protocol?.trim();
  const filter = query.filter?.trim() || undefined;
  const active: ActiveFilters = {
    search,
    protocol: protocol && protocol.toLowerCase() !== 'all' ? protocol : undefined,
    filter,
  };
  return active.search || active.protocol || active.filter ? active : null;
}

/**
 * One text per set of filters, the cache key of their matching frames. The search and the
 * protocol select ignore case (compilePacketFilter), so their case does not make a new key.
 */
export function filtersKey(filters: ActiveFilters): string {
  const { search = '', protocol = '', filter = '' } = filters;
  return JSON.stringify([search.toLowerCase(), protocol.toLowerCase(), filter]);
}

/** The compiled filters; a display filter that does not parse is a 400 with the parser's message. */
export function compileFilters(filters: ActiveFilters): (packet: TPacket) => boolean {
  const compiled = compilePacketFilter(filters);
  if (!compiled.ok) throw new AppError('bad_request', 400, compiled.error);
  return compiled.match;
}
