/** The scheme, host and port a page was fetched from, as a URL origin ("http://127.0.0.1:8080"). */
export function originOf(host: string, port: number, tls: boolean): string {
  const name = host.includes(':') ? `[${host}]` : host;
  return new URL(`${tls ? 'https' : 'http'}://${name}:${port}/`).origin;
}

// Images, fonts, media, archives, style sheets and scripts hold no listing, no link to follow and
// no secret the exposed-files check looks for; fetching them would only spend the page budget.
const ASSET =
  /\.(png|jpe?g|gif|svg|ico|webp|bmp|woff2?|ttf|eot|otf|css|js|mjs|map|mp[34]|webm|avi|mov|pdf|zip|gz|tgz|bz2|xz|tar|7z|rar|iso)$/i;

// Longer paths are generated (session ids, traps), not folders a person made; they would also
// overflow the finding titles that quote them.
const MAX_PATH = 150;

const ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&quot;/g, '"');

/** The path a link leads to when it stays on the page's origin, is not an asset and not overlong. */
export function sameOriginPath(link: string, path: string, origin: string): string | null {
  const base = new URL(origin);
  base.pathname = path; // not new URL(path, origin): a path "//x" would make x the host
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.pathname.length > MAX_PATH) return null;
  if (ASSET.test(url.pathname)) return null;
  // Query strings are dropped: Apache's index sort links (?C=N;O=D) would otherwise fill the
  // page budget with copies of the same listing.
  return url.pathname;
}

/**
 * The paths an HTML page links to (href and src) on its own origin, without query or fragment,
 * assets left out. Links to any other scheme, host or port are dropped.
 * @example pageLinks('<a href="files/">', '/', 'http://127.0.0.1:80') // ['/files/']
 */
export function pageLinks(html: string, path: string, origin: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(ATTRIBUTE)) {
    const link = sameOriginPath(
      decodeEntities(match[1] ?? match[2] ?? match[3] ?? ''),
      path,
      origin,
    );
    if (link) links.add(link);
  }
  return [...links];
}
