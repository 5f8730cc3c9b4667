import type { HttpInfo } from '../../types.ts';
import { type Endpoint, exchange } from '../exchange.ts';

/** Parses a raw HTTP/1.x response: status, lower-cased headers and (decoded) body. */
export function parseHttpResponse(data: Buffer): HttpInfo | null {
  const text = data.toString('latin1');
  const status = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(text);
  if (!status) return null;
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = split < 0 ? '' : text.slice(split + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = dechunk(body);
  return { status: Number(status[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function dechunk(body: string): string {
  let out = '';
  let rest = body;
  for (let i = 0; i < 10_000; i++) {
    const eol = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, eol), 16);
    if (eol < 0 || !Number.isFinite(size) || size === 0) break;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
  return out;
}

/** True once a full response arrived, or as soon as the reply is clearly not HTTP. */
export function httpComplete(data: Buffer): boolean {
  const start = data.toString('latin1', 0, 5);
  if (!'HTTP/'.startsWith(start)) return true;
  const text = data.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, split));
  if (length) return data.length >= split + 4 + Number(length[1]);
  return (
    /\r\ntransfer-encoding:\s*chunked/i.test(text.slice(0, split)) && text.endsWith('0\r\n\r\n')
  );
}

/** The raw request the probes and checks send, so evidence can quote it. */
export function httpRequestText(endpoint: Endpoint, path: string): string {
  const host = endpoint.hostname ?? endpoint.host;
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: NetGuard-Scanner\r\nAccept: */*\r\nConnection: close\r\n\r\n`;
}

/** Sends GET path and returns the parsed response, or null when the peer does not speak HTTP. */
export async function httpGet(
  endpoint: Endpoint,
  path = '/',
  maxBytes = 262_144,
): Promise<HttpInfo | null> {
  const { data } = await exchange(endpoint, {
    send: httpRequestText(endpoint, path),
    maxBytes,
    complete: httpComplete,
  });
  return parseHttpResponse(data);
}
