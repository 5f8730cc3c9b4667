/**
 * The distribution package revision a service banner reveals, and dpkg's version order to compare
 * it with a distribution's fixed version. Only Debian-family builds put their package revision in
 * a banner (OpenSSH: "OpenSSH_9.2p1 Debian-2+deb12u10", "OpenSSH_8.9p1 Ubuntu-3ubuntu0.10").
 */
export type BannerRevision = {
  distro: 'debian' | 'ubuntu';
  /** The Debian release from a "+debNNuM" revision; null when the banner does not say. */
  release: string | null;
  upstream: string;
  /** upstream-revision, as dpkg writes it without the epoch (banners never show one). */
  version: string;
};

const BANNER = /(\d[\w.]*)[ _-](Debian|Ubuntu)-([\w.+~]+)/;

export function bannerRevision(banner: string | null): BannerRevision | null {
  const m = banner ? BANNER.exec(banner) : null;
  if (!m) return null;
  const [, upstream, name, revision] = m as unknown as [string, string, string, string];
  const distro = name === 'Debian' ? 'debian' : 'ubuntu';
  const release = distro === 'debian' ? (/deb(\d+)u\d+/.exec(revision)?.[1] ?? null) : null;
  return { distro, release, upstream, version: `${upstream}-${revision}` };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** dpkg's weight of a character in a non-digit run: ~ sorts before the end, letters before the rest. */
function order(c: string | undefined): number {
  if (c === undefined || isDigit(c)) return 0;
  if (/[A-Za-z]/.test(c)) return c.charCodeAt(0);
  if (c === '~') return -1;
  return c.charCodeAt(0) + 256;
}

/** dpkg's verrevcmp: alternating non-digit and digit runs. */
function compareFragment(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const diff = order(a[i]) - order(b[j]);
      if (diff) return diff;
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

function split(version: string) {
  const colon = version.indexOf(':');
  const epoch = colon > 0 ? Number(version.slice(0, colon)) : 0;
  const rest = colon > 0 ? version.slice(colon + 1) : version;
  const dash = rest.lastIndexOf('-');
  return dash < 0
    ? { epoch, upstream: rest, revision: '' }
    : { epoch, upstream: rest.slice(0, dash), revision: rest.slice(dash + 1) };
}

/** dpkg --compare-versions order: negative, zero or positive. */
export function compareDpkg(a: string, b: string): number {
  const x = split(a);
  const y = split(b);
  return (
    x.epoch - y.epoch ||
    compareFragment(x.upstream, y.upstream) ||
    compareFragment(x.revision, y.revision)
  );
}

/** The fixed version without its epoch, to compare with a banner (which never shows one). */
export const withoutEpoch = (version: string) => version.replace(/^\d+:/, '');
