// The web side of the loopback fixture: the page, its headers and cookies, errors, and the files a
// careless deployment serves. Good mode answers as a hardened deployment; bad mode has every flaw
// the header, cookie, CORS, leakage and exposed-file tests look for.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Mode = 'good' | 'bad';

const PAGE =
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body>NetGuard</body></html>';

const GOOD_HEADERS: Record<string, string> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

const BAD_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src *; script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  server: 'Express/4.17.1',
  'x-powered-by': 'Express 4.17.1',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Headers every answer of the fixture carries, CORS included. */
export function baseHeaders(mode: Mode, req: IncomingMessage): Record<string, string> {
  const headers = { ...(mode === 'good' ? GOOD_HEADERS : BAD_HEADERS) };
  if (mode === 'bad' && req.headers.origin) {
    headers['access-control-allow-origin'] = req.headers.origin;
    headers['access-control-allow-credentials'] = 'true';
  }
  return headers;
}

export const STACK = `TypeError: Cannot read properties of undefined (reading 'id')
    at getScan (/srv/netguard/apps/server/src/modules/scans/scans.service.ts:42:17)
    at /srv/netguard/node_modules/fastify/lib/handleRequest.js:18:3`;

/** The non-API paths; true when it answered. */
export function serveSite(mode: Mode, req: IncomingMessage, res: ServerResponse): boolean {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/') {
    const cookie =
      mode === 'good'
        ? `__Host-ng_pref=light; Path=/; Secure; SameSite=Lax`
        : 'sessionid=abc123; Path=/';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': cookie });
    res.end(PAGE);
    return true;
  }
  if (mode === 'bad') {
    const files: Record<string, [string, string]> = {
      '/.git/config': ['text/plain', '[core]\n\trepositoryformatversion = 0\n\tbare = false\n'],
      '/.env': [
        'text/plain',
        'DATABASE_URL=postgres://netguard:secret@db/netguard\nNETGUARD_SECRET_KEY=abc\n',
      ],
      '/assets/app.js.map': [
        'application/json',
        '{"version":3,"sources":["src/main.tsx"],"mappings":"AAAA"}',
      ],
      '/metrics': [
        'text/plain; version=0.0.4',
        '# HELP http_requests_total Requests\n# TYPE http_requests_total counter\nhttp_requests_total 1\n',
      ],
    };
    const file = files[path];
    if (file) {
      res.writeHead(200, { 'content-type': file[0] });
      res.end(file[1]);
      return true;
    }
  }
  if (path === '/assets/app.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    res.end('console.log("netguard");');
    return true;
  }
  if (path.startsWith('/api/')) return false;
  if (path === '/metrics') {
    sendJson(res, 401, { error: 'unauthorized', message: 'A metrics token is required' });
    return true;
  }
  // The single-page app's fallback: index.html for any other path (what NetGuard's web plugin does).
  if (mode === 'good') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end(`Not found\n${STACK}`);
  }
  return true;
}
