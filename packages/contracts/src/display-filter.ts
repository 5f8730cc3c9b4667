// The packet filter of the Packet Analysis page, shared by the web app, the server and the CLI.
// Pure TypeScript with no runtime imports beyond its siblings, so it runs in the browser as is.
import { FilterSyntaxError } from './display-filter-lexer.ts';
import { type PacketPredicate, parseDisplayFilter } from './display-filter-parse.ts';
import type { TPacket, TPacketFilterQuery } from './packets.ts';

export type { PacketPredicate } from './display-filter-parse.ts';
// Dissectors print IPv6 addresses with the same function the filter normalises literals with.
export { canonicalIpv6, formatIpv6Groups } from './display-filter-values.ts';

export type CompiledPacketFilter =
  | { ok: true; match: (packet: TPacket) => boolean }
  | { ok: false; error: string };

const matchAll: PacketPredicate = () => true;

function searchPredicate(search: string): PacketPredicate {
  const needle = search.toLowerCase();
  return (p) =>
    p.source.toLowerCase().includes(needle) ||
    p.destination.toLowerCase().includes(needle) ||
    p.protocol.toLowerCase().includes(needle) ||
    p.info.toLowerCase().includes(needle);
}

/**
 * Compiles the filters of a packet list once into a predicate: the spec's case-insensitive
 * search over source, destination, protocol and info, AND the protocol select (equality,
 * ignoring case; empty or 'all' is any), AND a Wireshark-style display filter.
 *
 * The display filter takes fields named as Wireshark names them (`ip.addr`, `tcp.port`,
 * `dns.qry.name`, `frame.len`...), bare protocol names (`tcp`, `dns`: the packet has that layer),
 * `== != ~= > < >= <=` (also `eq ne gt lt ge le`), `contains`, sets (`in {80, 443, 8000..8100}`;
 * spaces between members work too), `and`/`&&`, `or`/`||`, `not`/`!` and parentheses; `not`
 * binds tighter than `and`, which binds tighter than `or`. As in Wireshark, a field with several
 * occurrences matches when any does, `!=` means "present and no occurrence equals", and string
 * `==` and `contains` are case-sensitive. IPv4 values compare as addresses (`ip.addr ==
 * 10.0.0.0/8` is a subnet match); IPv6 and MAC values are normalised before comparing. A field
 * `proto.x` is looked up in the layers named `proto`. Errors name the 1-based position.
 * @example compilePacketFilter({ filter: 'tcp.port == 80 && !(ip.src == 127.0.0.1)' })
 */
export function compilePacketFilter(query: TPacketFilterQuery): CompiledPacketFilter {
  const predicates: PacketPredicate[] = [];
  const search = query.search?.trim();
  if (search) predicates.push(searchPredicate(search));
  const protocol = query.protocol?.trim().toLowerCase();
  if (protocol && protocol !== 'all') predicates.push((p) => p.protocol.toLowerCase() === protocol);
  const filter = query.filter ?? '';
  if (filter.trim()) {
    try {
      predicates.push(parseDisplayFilter(filter));
    } catch (error) {
      if (!(error instanceof FilterSyntaxError)) throw error;
      return {
        ok: false,
        error: `Invalid display filter: ${error.message} at position ${error.pos}`,
      };
    }
  }
  if (predicates.length === 0) return { ok: true, match: matchAll };
  if (predicates.length === 1) return { ok: true, match: predicates[0]! };
  return { ok: true, match: (p) => predicates.every((predicate) => predicate(p)) };
}
