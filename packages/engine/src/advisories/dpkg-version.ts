// Debian package version order (Debian Policy 5.6.12, dpkg's verrevcmp): epoch, then upstream
// version, then revision; in each, runs of non-digits compare character by character with `~`
// before everything (even the end), letters before non-letters, and digit runs compare as numbers.

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

function order(c: string | undefined): number {
  if (c === undefined) return 0;
  if (c === '~') return -1;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return c.charCodeAt(0);
  return c.charCodeAt(0) + 256;
}

/** dpkg's verrevcmp on one part (upstream version or revision). */
function compareParts(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const d = order(a[i]) - order(b[j]);
      if (d !== 0) return d;
      i++;
      j++;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    let first = 0;
    while (isDigit(a[i]) && isDigit(b[j])) {
      if (!first) first = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (isDigit(a[i])) return 1;
    if (isDigit(b[j])) return -1;
    if (first) return first;
  }
  return 0;
}

/** A Debian version split into epoch, upstream version and revision ("" when absent). */
export type DpkgVersion = { epoch: number; upstream: string; revision: string };

/**
 * Splits "1:9.2p1-2+deb12u3" into its parts; null when the epoch is not a number or the upstream
 * version does not start with a digit (dpkg rejects those).
 */
export function parseDpkgVersion(text: string): DpkgVersion | null {
  const s = text.trim();
  const colon = s.indexOf(':');
  const epochText = colon >= 0 ? s.slice(0, colon) : '0';
  if (!/^\d+$/.test(epochText)) return null;
  const rest = s.slice(colon + 1);
  const dash = rest.lastIndexOf('-');
  const upstream = dash >= 0 ? rest.slice(0, dash) : rest;
  if (!/^\d/.test(upstream)) return null;
  return { epoch: Number(epochText), upstream, revision: dash >= 0 ? rest.slice(dash + 1) : '' };
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

/**
 * Orders two Debian/Ubuntu package versions; null when either is not a valid dpkg version.
 * @example compareDpkg('1:9.2p1-2+deb12u2', '1:9.2p1-2+deb12u10') // -1
 */
export function compareDpkg(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseDpkgVersion(a);
  const y = parseDpkgVersion(b);
  if (!x || !y) return null;
  return sign(
    x.epoch - y.epoch ||
      compareParts(x.upstream, y.upstream) ||
      compareParts(x.revision, y.revision),
  );
}
