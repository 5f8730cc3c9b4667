/** An inclusive range of IPv4 addresses as unsigned 32-bit integers. */
export type IpRange = { start: number; end: number };

/** Converts dotted IPv4 to an unsigned 32-bit integer. */
export function ipToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

/** Converts an unsigned 32-bit integer to dotted IPv4. */
export function intToIp(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** The address range of a CIDR block such as 192.0.2.0/24 (host bits ignored). */
export function cidrToRange(cidr: string): IpRange {
  const [ip, prefixText] = cidr.split('/');
  const prefix = Number(prefixText);
  const size = 2 ** (32 - prefix);
  const start = Math.floor(ipToInt(ip!) / size) * size;
  return { start, end: start + size - 1 };
}

/** The address range of an IPv4, CIDR or last-octet range entry (192.0.2.1-50). */
export function entryToRange(entry: string): IpRange {
  if (entry.includes('/')) return cidrToRange(entry);
  const dash = entry.lastIndexOf('-');
  if (dash === -1) {
    const n = ipToInt(entry);
    return { start: n, end: n };
  }
  const start = ipToInt(entry.slice(0, dash));
  const base = start - (start & 255);
  return { start, end: base + Number(entry.slice(dash + 1)) };
}

/** Sorts ranges and merges overlapping or adjacent ones, so no address appears twice. */
export function mergeRanges(ranges: readonly IpRange[]): IpRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: IpRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** True when the address lies in the range. */
export function inRange(n: number, range: IpRange): boolean {
  return n >= range.start && n <= range.end;
}
