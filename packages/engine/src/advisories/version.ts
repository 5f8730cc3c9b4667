import type { TVersionRange } from './schema.ts';

/** A version split into what orders it: numbers, then a pre-release or a post-release tag. */
export type ParsedVersion = {
  numbers: number[];
  /** dev < alpha < beta < pre < rc, then its number: "1.3.6rc1", "1.0.2-beta1", "16beta2". */
  pre?: { rank: number; n: number };
  /** A release after the numbered one: OpenSSH "p1", BIND "-P2", OpenSSL/ProFTPD letters "f", "za". */
  post?: { letters: string; n: number; portable?: boolean };
};

const PRE_RANK: Record<string, number> = { dev: 0, alpha: 1, beta: 2, pre: 3, rc: 4 };

/**
 * Parses a real-world version; text after the version (distribution build, platform) is ignored.
 * Returns null when the text does not start with a number.
 * @example parseVersion('8.5p1') // { numbers: [8, 5], post: { letters: '', n: 1, portable: true } }
 */
export function parseVersion(text: string): ParsedVersion | null {
  const s = text
    .trim()
    .replace(/^v(?=\d)/i, '')
    .replace(/^\d+:(?=\d)/, ''); // Debian epoch "1:9.2p1"
  const head = /^\d+(?:\.\d+)*/.exec(s);
  if (!head) return null;
  const numbers = head[0].split('.').map(Number);
  if (numbers.some((n) => !Number.isSafeInteger(n))) return null;
  const rest = s.slice(head[0].length);
  const pre = /^[-._~]?(dev|alpha|beta|pre|rc)\.?(\d*)/i.exec(rest);
  if (pre)
    return { numbers, pre: { rank: PRE_RANK[pre[1]!.toLowerCase()]!, n: Number(pre[2] || 0) } };
  const patch = /^([-_]?)p(\d+)/i.exec(rest);
  if (patch) {
    const post = { letters: '', n: Number(patch[2]) };
    return { numbers, post: patch[1] ? post : { ...post, portable: true } };
  }
  // Letters glued to the number only: "1.0.1f", not "5.7.33-0ubuntu" or "10.5.8-MariaDB".
  const letters = /^([a-z]{1,2})(\d*)(?![a-z])/i.exec(rest);
  if (letters)
    return { numbers, post: { letters: letters[1]!.toLowerCase(), n: Number(letters[2] || 0) } };
  return { numbers };
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Orders two parsed versions: numbers (missing parts are 0), then pre-release < release < post. */
export function compareParsed(a: ParsedVersion, b: ParsedVersion): -1 | 0 | 1 {
  const length = Math.max(a.numbers.length, b.numbers.length);
  for (let i = 0; i < length; i++) {
    const d = (a.numbers[i] ?? 0) - (b.numbers[i] ?? 0);
    if (d !== 0) return sign(d);
  }
  const stage = (v: ParsedVersion) => (v.pre ? -1 : v.post ? 1 : 0);
  if (stage(a) !== stage(b)) return sign(stage(a) - stage(b));
  if (a.pre && b.pre) return sign(a.pre.rank - b.pre.rank || a.pre.n - b.pre.n);
  if (a.post && b.post) {
    const la = a.post.letters;
    const lb = b.post.letters;
    if (la !== lb) return sign(la.length - lb.length || (la < lb ? -1 : 1));
    return sign(a.post.n - b.post.n);
  }
  return 0;
}

/**
 * Compares two version strings; null when either cannot be parsed.
 * @example compareVersions('9.7p1', '9.8p1') // -1
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  return pa && pb ? compareParsed(pa, pb) : null;
}

/** A range with its bounds parsed once; `never` when a bound does not parse. */
export type CompiledRange = {
  introduced?: ParsedVersion;
  exclusive: boolean;
  fixed?: ParsedVersion;
  last?: ParsedVersion;
  never: boolean;
};

/**
 * Parses a range's bounds once, for matching many versions against it; `parse` may be a memo of
 * parseVersion when many ranges share bounds.
 */
export function compileRange(range: TVersionRange, parse = parseVersion): CompiledRange {
  const introduced =
    range.introduced && range.introduced !== '0' ? parse(range.introduced) : undefined;
  const fixed = range.fixed ? parse(range.fixed) : undefined;
  const last = range.last_affected ? parse(range.last_affected) : undefined;
  return {
    ...(introduced ? { introduced } : {}),
    ...(fixed ? { fixed } : {}),
    ...(last ? { last } : {}),
    exclusive: Boolean(range.introduced_exclusive),
    never: introduced === null || fixed === null || last === null,
  };
}

/** A version without its portable suffix: "9.6p1" as "9.6", for bounds written without one. */
export const withoutPortable = (v: ParsedVersion): ParsedVersion =>
  v.post?.portable ? { numbers: v.numbers } : v;

// NVD writes OpenSSH bounds without the portable suffix: "up to 9.6" includes 9.6p1.
function against(v: ParsedVersion, plain: ParsedVersion, bound: ParsedVersion): number {
  return compareParsed(bound.pre || bound.post ? v : plain, bound);
}

/** True when the parsed version (and its `withoutPortable` form) lies inside the compiled range. */
export function holds(range: CompiledRange, v: ParsedVersion, plain: ParsedVersion): boolean {
  if (range.never) return false;
  if (range.introduced) {
    const c = against(v, plain, range.introduced);
    if (c < 0 || (c === 0 && range.exclusive)) return false;
  }
  if (range.fixed && against(v, plain, range.fixed) >= 0) return false;
  if (range.last && against(v, plain, range.last) > 0) return false;
  return true;
}

/** True when the version lies inside the range; an unparsable version or bound never matches. */
export function inRange(version: string, range: TVersionRange): boolean {
  const v = parseVersion(version);
  return v ? holds(compileRange(range), v, withoutPortable(v)) : false;
}

/** A range as people read it: "= 2.3.4", ">= 8.5p1, < 9.8p1", "<= 6.0.16". */
export function describeRange(range: TVersionRange): string {
  const { introduced, fixed, last_affected: last } = range;
  if (introduced && last && introduced === last && !range.introduced_exclusive)
    return `= ${introduced}`;
  const parts: string[] = [];
  if (introduced && introduced !== '0')
    parts.push(`${range.introduced_exclusive ? '>' : '>='} ${introduced}`);
  if (fixed) parts.push(`< ${fixed}`);
  if (last) parts.push(`<= ${last}`);
  return parts.join(', ');
}
