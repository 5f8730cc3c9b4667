// RPM package version order (rpmvercmp): epoch, then version, then release. Each is split into
// alphanumeric segments (other characters only separate); numeric segments compare as numbers and
// beat alphabetic ones; `~` sorts before everything, even the end, and `^` after the end but before
// any further segment.

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isAlpha = (c: string | undefined) =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
const isSeparator = (c: string | undefined) =>
  c !== undefined && !isDigit(c) && !isAlpha(c) && c !== '~' && c !== '^';

/** rpmvercmp on one part (version or release). */
export function rpmvercmp(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (isSeparator(a[i])) i++;
    while (isSeparator(b[j])) j++;
    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1;
      if (b[j] !== '~') return -1;
      i++;
      j++;
      continue;
    }
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1;
      if (j >= b.length) return 1;
      if (a[i] !== '^') return 1;
      if (b[j] !== '^') return -1;
      i++;
      j++;
      continue;
    }
    if (i >= a.length || j >= b.length) break;
    const numeric = isDigit(a[i]);
    const inSegment = numeric ? isDigit : isAlpha;
    const si = i;
    const sj = j;
    while (inSegment(a[i])) i++;
    while (inSegment(b[j])) j++;
    let x = a.slice(si, i);
    let y = b.slice(sj, j);
    // Segments of different kinds: the numeric one is newer.
    if (y.length === 0) return numeric ? 1 : -1;
    if (numeric) {
      x = x.replace(/^0+/, '');
      y = y.replace(/^0+/, '');
      if (x.length !== y.length) return x.length > y.length ? 1 : -1;
    }
    if (x !== y) return x > y ? 1 : -1;
  }
  if (i >= a.length && j >= b.length) return 0;
  return i < a.length ? 1 : -1;
}

/** An RPM EVR; `release` is absent when the text has none ("8.7p1"). */
export type RpmVersion = { epoch: number; version: string; release?: string };

/** Splits "1:8.7p1-38.el9_4.1" into epoch, version and release; null without a version. */
export function parseRpmVersion(text: string): RpmVersion | null {
  const s = text.trim();
  const epoch = /^(\d+):/.exec(s);
  const rest = epoch ? s.slice(epoch[0].length) : s;
  const dash = rest.lastIndexOf('-');
  const version = dash >= 0 ? rest.slice(0, dash) : rest;
  if (!/^[\w]/.test(version)) return null;
  return {
    epoch: epoch ? Number(epoch[1]) : 0,
    version,
    ...(dash >= 0 ? { release: rest.slice(dash + 1) } : {}),
  };
}

/**
 * Orders two RPM versions (epoch:version-release); a side without a release matches any release,
 * as rpm does for dependencies. Null when either cannot be parsed.
 * @example compareRpm('8.7p1-38.el9', '8.7p1-38.el9_4.1') // -1
 */
export function compareRpm(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseRpmVersion(a);
  const y = parseRpmVersion(b);
  if (!x || !y) return null;
  if (x.epoch !== y.epoch) return x.epoch > y.epoch ? 1 : -1;
  const version = rpmvercmp(x.version, y.version);
  if (version !== 0 || x.release === undefined || y.release === undefined) return version;
  return rpmvercmp(x.release, y.release);
}
