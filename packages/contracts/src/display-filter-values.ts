// Literal values of a display filter and how one field value is compared with them. A literal
// is parsed once at compile time into every form it could be compared as (number, IPv4, CIDR,
// IPv6, MAC), so evaluating a packet never re-parses the filter text.

export type FieldValue = string | number | boolean;
export type ValueTest = (value: FieldValue) => boolean;
export type CompareOp = 'eq' | 'ne' | 'any_ne' | 'gt' | 'lt' | 'ge' | 'le' | 'contains';

export type Literal = {
  text: string;
  num: number | null;
  ipv4: number | null;
  cidr: { base: number; mask: number } | null;
  ipv6: string | null;
  mac: string | null;
};

/** Parses a dotted IPv4 address to an unsigned 32-bit number, or null. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (part.length === 0 || part.length > 3) return null;
    const n = Number(part);
    if (!Number.isInteger(n) || n > 255 || !/^\d+$/.test(part)) return null;
    value = value * 256 + n;
  }
  return value;
}

/** The RFC 5952 text of an IPv6 address (lower case, longest zero run as '::'), or null. */
export function canonicalIpv6(text: string): string | null {
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        groups.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) groups.push(Number.parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const head = toGroups(halves[0]!);
  const tail = halves.length === 2 ? toGroups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return formatIpv6Groups([...head, ...new Array<number>(missing).fill(0), ...tail]);
}

/** Formats eight 16-bit groups as RFC 5952 text. */
export function formatIpv6Groups(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (from: number, to: number) =>
    groups
      .slice(from, to)
      .map((g) => g.toString(16))
      .join(':');
  if (bestStart < 0) return hex(0, 8);
  return `${hex(0, bestStart)}::${hex(bestStart + bestLength, 8)}`;
}

function parseNumber(text: string): number | null {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  const lower = text.toLowerCase();
  if (lower === 'true') return 1;
  if (lower === 'false') return 0;
  return null;
}

function parseCidr(text: string): Literal['cidr'] {
  const slash = text.indexOf('/');
  if (slash < 0) return null;
  const base = parseIpv4(text.slice(0, slash));
  const bits = text.slice(slash + 1);
  if (base === null || !/^\d{1,2}$/.test(bits) || Number(bits) > 32) return null;
  const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0;
  return { base: (base & mask) >>> 0, mask };
}

/** Reads a filter literal in every form it can be compared as. */
export function parseLiteral(text: string, quoted: boolean): Literal {
  const mac = /^[0-9a-fA-F]{2}([:.-])(?:[0-9a-fA-F]{2}\1){4}[0-9a-fA-F]{2}$/.test(text)
    ? text.toLowerCase().replace(/[.-]/g, ':')
    : null;
  return {
    text,
    num: quoted ? null : parseNumber(text),
    ipv4: parseIpv4(text),
    cidr: parseCidr(text),
    ipv6: canonicalIpv6(text),
    mac,
  };
}

function equals(value: FieldValue, lit: Literal): boolean {
  if (typeof value === 'number') return value === lit.num;
  if (typeof value === 'boolean') return (value ? 1 : 0) === lit.num;
  if (value === lit.text) return true;
  if (lit.cidr) {
    const v4 = parseIpv4(value);
    return v4 !== null && (v4 & lit.cidr.mask) >>> 0 === lit.cidr.base;
  }
  if (lit.ipv6 !== null) return value === lit.ipv6;
  if (lit.mac !== null) return value.toLowerCase() === lit.mac;
  return false;
}

// <0, 0 or >0 like a comparator; null when the two cannot be ordered.
function order(value: FieldValue, lit: Literal): number | null {
  if (typeof value === 'boolean') value = value ? 1 : 0;
  if (typeof value === 'number') return lit.num === null ? null : value - lit.num;
  if (lit.ipv4 !== null) {
    const v4 = parseIpv4(value);
    if (v4 !== null) return v4 - lit.ipv4;
  }
  return value < lit.text ? -1 : value > lit.text ? 1 : 0;
}

/** A test of one field value against a literal with an operator. */
export function valueTest(op: CompareOp, lit: Literal): ValueTest {
  switch (op) {
    case 'eq':
      return (v) => equals(v, lit);
    // 'ne' is "no value equals" and is built by the caller from 'eq'; here it is one value.
    case 'ne':
    case 'any_ne':
      return (v) => !equals(v, lit);
    case 'contains':
      // Like Wireshark: case-sensitive; numbers are searched in their decimal text.
      return (v) => String(v).includes(lit.text);
    case 'gt':
      return (v) => (order(v, lit) ?? 0) > 0;
    case 'lt':
      return (v) => (order(v, lit) ?? 0) < 0;
    case 'ge': {
      return (v) => {
        const o = order(v, lit);
        return o !== null && o >= 0;
      };
    }
    case 'le': {
      return (v) => {
        const o = order(v, lit);
        return o !== null && o <= 0;
      };
    }
  }
}
