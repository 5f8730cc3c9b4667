// An HTTP proxy on 127.0.0.1 in front of moto that answers chosen AWS operations with an error
// (throttling with Retry-After, access denied), as AWS would, or with a recorded answer of the real
// API where moto lacks the service or the state, and passes everything else through.
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The request as the proxy sees it: `operation` for query (Action=) and JSON (X-Amz-Target) APIs,
 * `authorization` names the access key that signed it.
 */
export type ProxiedRequest = {
  method: string;
  url: string;
  operation?: string;
  body: string;
  authorization: string;
};

export type Fault = {
  match: (req: ProxiedRequest) => boolean;
  status: number;
  code: string;
  message: string;
  /** The error body's shape: EC2's, the other query APIs' (IAM, STS, RDS) or S3's. */
  format: 'ec2' | 'query' | 's3';
  retryAfter?: string;
  /** Answer with the fault this many times, then pass through (default: always). */
  times?: number;
};

/** A recorded answer of the real API (status 200 unless told), for state the emulator lacks. */
export type Recorded = {
  match: (req: ProxiedRequest) => boolean;
  contentType: string;
  /** Made for each request, so that a test can change the state between scans. */
  body: (req: ProxiedRequest) => string;
  status?: number;
};

export type FaultProxy = {
  endpoint: string;
  /** Operations (or S3 URLs) answered with a fault, in order. */
  faulted: string[];
  close(): Promise<void>;
};

const errorBody = (f: Fault) => {
  const error = `<Code>${f.code}</Code><Message>${f.message}</Message>`;
  if (f.format === 'ec2')
    return `<?xml version="1.0"?><Response><Errors><Error>${error}</Error></Errors><RequestID>fault</RequestID></Response>`;
  if (f.format === 'query')
    return `<ErrorResponse><Error><Type>Sender</Type>${error}</Error><RequestId>fault</RequestId></ErrorResponse>`;
  return `<?xml version="1.0"?><Error>${error}<RequestId>fault</RequestId></Error>`;
};

/** Matches a query or JSON API operation by name. */
export const operation = (name: string) => (req: ProxiedRequest) => req.operation === name;

export async function startFaultProxy(
  upstream: string,
  faults: Fault[],
  recorded: Recorded[] = [],
): Promise<FaultProxy> {
  const target = new URL(upstream);
  const left = faults.map((f) => f.times ?? Number.POSITIVE_INFINITY);
  const faulted: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const text = body.toString('utf8');
    const target_ = String(req.headers['x-amz-target'] ?? '')
      .split('.')
      .pop();
    const action = new URLSearchParams(text).get('Action') ?? undefined;
    const seen: ProxiedRequest = {
      method: req.method ?? 'GET',
      authorization: String(req.headers.authorization ?? ''),
      url: req.url ?? '/',
      operation: action ?? (target_ || undefined),
      body: text,
    };
    const answer = recorded.find((r) => r.match(seen));
    if (answer) {
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType });
      res.end(answer.body(seen));
      return;
    }
    const i = faults.findIndex((f, n) => (left[n] ?? 0) > 0 && f.match(seen));
    const fault = faults[i];
    if (fault) {
      left[i] = (left[i] ?? 0) - 1;
      faulted.push(seen.operation ?? `${seen.method} ${seen.url}`);
      res.writeHead(fault.status, {
        'content-type': 'text/xml',
        ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
      });
      res.end(errorBody(fault));
      return;
    }
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    forward.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    faulted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
