// A Splunk HTTP Event Collector on a loopback address (a test file's own, or 127.0.0.1) for the
// server's tests, the browser test and the benchmark: POST /services/collector/event with
// `Authorization: Splunk <token>`, HEC's JSON answers (code 0 success, 4 invalid token, 6 invalid
// data format), indexer acknowledgement on /services/collector/ack when a channel is sent, and a
// switch to go down (connection refused) and come back on the same port. It keeps every event it
// accepted, with the time it arrived.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type HecReceipt = {
  /** The HEC object as sent (time, host, source, sourcetype, index, event). */
  hec: { event: { id: string; title: string; type: string } & Record<string, unknown> } & Record<
    string,
    unknown
  >;
  receivedAt: number;
  channel: string | undefined;
};

export type SplunkHecFake = {
  /** http://<host>:<port> */
  url: string;
  token: string;
  accepted: HecReceipt[];
  /** Requests answered, by HTTP status. */
  answers: Map<number, number>;
  /** Ids of accepted events, in arrival order (duplicates kept, to find them). */
  ids(): string[];
  /** Stops listening (clients get connection refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

/** Starts the fake on a free port of `host` (tests: testResources().host(n)). */
export async function startSplunkHecFake(
  token = 'hec-test-token',
  host = '127.0.0.1',
): Promise<SplunkHecFake> {
  const accepted: HecReceipt[] = [];
  const answers = new Map<number, number>();
  const acks = new Map<string, number>();
  let nextAck = 0;
  const answer = (res: http.ServerResponse, status: number, body: object) => {
    answers.set(status, (answers.get(status) ?? 0) + 1);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.headers.authorization !== `Splunk ${fake.token}`)
      return answer(res, 403, { text: 'Invalid token', code: 4 });
    const channel = req.headers['x-splunk-request-channel'] as string | undefined;
    if (req.url === '/services/collector/ack') {
      const ids = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { acks: number[] }).acks;
      return answer(res, 200, {
        acks: Object.fromEntries(ids.map((id) => [id, (acks.get(channel ?? '') ?? -1) >= id])),
      });
    }
    if (req.url !== '/services/collector/event')
      return answer(res, 404, { text: 'Not Found', code: 404 });
    let events: HecReceipt['hec'][];
    try {
      events = Buffer.concat(chunks)
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line));
    } catch {
      return answer(res, 400, { text: 'Invalid data format', code: 6 });
    }
    const receivedAt = Date.now();
    for (const hec of events) accepted.push({ hec, receivedAt, channel });
    if (!channel) return answer(res, 200, { text: 'Success', code: 0 });
    const ackId = nextAck++;
    acks.set(channel, ackId);
    return answer(res, 200, { text: 'Success', code: 0, ackId });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, host, resolve));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const fake: SplunkHecFake = {
    url: `http://${host}:${port}`,
    token,
    accepted,
    answers,
    ids: () => accepted.map((r) => r.hec.event.id),
    down: stop,
    up: () => listen(port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
  return fake;
}
