// An HTTP receiver on a loopback address (a test file's own, or 127.0.0.1) for the delivery
// tests: it records every request (method, path, headers, body, gunzipped when gzip-encoded) and
// answers as the test's route says, including never answering ('hang') so the client's timeout
// must fire.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export const RECEIVER_HOST = '127.0.0.1';

export type ReceivedRequest = {
  method: string;
  /** Path and query string. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as received (compressed if it was). */
  raw: Buffer;
  /** The body as text, gunzipped when `content-encoding: gzip`. */
  text: string;
};

export type Reply =
  | { status: number; headers?: Record<string, string>; body?: string | object }
  | 'hang';

export type Route = (request: ReceivedRequest) => Reply | Promise<Reply>;

export type Receiver = {
  /** http://<host>:<port> */
  url: string;
  requests: ReceivedRequest[];
  /** How the next requests are answered; replaceable between tests. */
  route: Route;
  close(): Promise<void>;
};

/** Starts a receiver on a free port of `host` (tests: testResources().host(n)). */
export async function startReceiver(route: Route, host = RECEIVER_HOST): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const receiver: Receiver = {
    url: '',
    requests,
    route,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const gzip = req.headers['content-encoding'] === 'gzip';
    const request: ReceivedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      raw,
      text: (gzip ? gunzipSync(raw) : raw).toString('utf8'),
    };
    requests.push(request);
    let reply: Reply;
    try {
      reply = await receiver.route(request);
    } catch (error) {
      reply = { status: 599, body: `receiver route failed: ${String(error)}` };
    }
    if (reply === 'hang') return; // never answers; closed by close()
    const body =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      ...(typeof reply.body === 'object' ? { 'content-type': 'application/json' } : {}),
      ...reply.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  receiver.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** A route answering the successive requests with `replies` in order, the last one repeating. */
export function inSequence(...replies: Reply[]): Route {
  let next = 0;
  return () => {
    const reply = replies[Math.min(next, replies.length - 1)];
    next += 1;
    if (reply === undefined) throw new Error('inSequence needs at least one reply');
    return reply;
  };
}

/** The URL of a port on `host` that nothing listens on (bound, then closed). */
export async function closedPortUrl(host = RECEIVER_HOST): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://${host}:${port}`;
}

/** Lines of an NDJSON or newline-separated body, parsed. */
export const jsonLines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));

/** A count of each outcome status, e.g. { delivered: 2, dead: 1 }. */
export function tally(outcomes: Array<{ status: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

/** Runs `send` and gives its result with the milliseconds it took (to check a timeout fired). */
export async function timed<T>(send: () => Promise<T>): Promise<{ result: T; elapsedMs: number }> {
  const started = performance.now();
  const result = await send();
  return { result, elapsedMs: performance.now() - started };
}

/** The `_id` of every create action of an Elasticsearch bulk body (NDJSON: action, document). */
export function bulkCreateIds(body: string): string[] {
  return body
    .trim()
    .split('\n')
    .filter((_, i) => i % 2 === 0)
    .map((line) => JSON.parse(line).create._id as string);
}
