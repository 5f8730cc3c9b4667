// A small HTTPS server on 127.0.0.1 that answers the REST operations a test declares, records
// every request, and injects faults per operation (an error status with headers, or a hang).
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestTls } from './test-ca.ts';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  params: string[];
};

export type FakeReply = { status?: number; headers?: Record<string, string>; json?: unknown };

export type Route = {
  /** The operation's name, used to inject faults and to read what was called. */
  operation: string;
  method: string;
  /** Matches the decoded path; capture groups become `params`. */
  path: RegExp;
  reply: (req: FakeRequest) => FakeReply;
};

export type Fault = FakeReply & {
  operation: string;
  /** Answer this many times, then behave again (default: always). */
  times?: number;
  /** Never answer. */
  hang?: boolean;
};

export type Recorded = {
  operation: string;
  method: string;
  path: string;
  status: number;
  authorization?: string;
};

export type HttpsFake = {
  url: string;
  requests: Recorded[];
  faults: Fault[];
  /** Recorded requests of one operation. */
  calls: (operation: string) => Recorded[];
  close: () => Promise<void>;
};

/** Lists are served in pages this small, so that every collector's paging is exercised. */
const PAGE_SIZE = 2;

/** One page of `items` from the offset in `token`, and the token of the next page if any. */
export function pageOf<T>(items: T[], token: string | null): { page: T[]; next?: string } {
  const from = Number(token ?? 0);
  const to = from + PAGE_SIZE;
  return { page: items.slice(from, to), ...(to < items.length ? { next: String(to) } : {}) };
}

/** The bearer token a request carries, or ''. */
export const bearerOf = (req: FakeRequest) =>
  String(req.headers.authorization ?? '').replace(/^Bearer /, '');

const notFound = (path: string): FakeReply => ({
  status: 404,
  json: { error: { code: 'NotFound', message: `The fake has no route for ${path}` } },
});

export async function startHttpsFake(tls: TestTls, routes: Route[]): Promise<HttpsFake> {
  const requests: Recorded[] = [];
  const faults: Fault[] = [];
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://127.0.0.1');
      const path = decodeURIComponent(url.pathname);
      const method = req.method ?? 'GET';
      const route = routes.find((r) => r.method === method && r.path.test(path));
      const operation = route?.operation ?? 'unknown';
      const fault = faults.find((f) => f.operation === operation && (f.times ?? 1) > 0);
      if (fault?.times !== undefined) fault.times -= 1;
      const auth = req.headers.authorization;
      if (fault?.hang) {
        requests.push({
          operation,
          method,
          path,
          status: 0,
          ...(auth ? { authorization: auth } : {}),
        });
        return;
      }
      const params = route?.path.exec(path)?.slice(1) ?? [];
      const body = Buffer.concat(chunks).toString('utf8');
      const request = { method, path, query: url.searchParams, headers: req.headers, body, params };
      const reply = fault ?? (route ? route.reply(request) : notFound(path));
      const status = reply.status ?? 200;
      requests.push({ operation, method, path, status, ...(auth ? { authorization: auth } : {}) });
      res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    requests,
    faults,
    calls: (operation) => requests.filter((r) => r.operation === operation),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
