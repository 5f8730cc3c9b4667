// HTTP/1.x: request and status lines and the common headers, on any TCP port whose payload
// starts like HTTP, with Wireshark's Info ("GET / HTTP/1.1 ", "HTTP/1.1 200 OK  (text/html)").
import type { TPacketField } from '@netguard/contracts';
import { latin1, lineEnd, startsWithAscii } from './bytes.ts';
import { bodyAfterHead, continueBody, EMPTY_HEAD, type Head } from './http-body.ts';
import { keepPending, showSegmentOfPdu, takePending } from './reassembly.ts';
import { addLayer, type Dissection, field, setColumns } from './state.ts';

const METHODS = [
  'GET ',
  'POST ',
  'PUT ',
  'DELETE ',
  'HEAD ',
  'OPTIONS ',
  'PATCH ',
  'CONNECT ',
  'TRACE ',
];
const MAX_HEADER_BYTES = 16_384;

// Header name (lower case) to its Wireshark field and label.
const HEADER_FIELDS: Record<string, [string, string]> = {
  host: ['http.host', 'Host'],
  'user-agent': ['http.user_agent', 'User-Agent'],
  accept: ['http.accept', 'Accept'],
  'content-type': ['http.content_type', 'Content-Type'],
  'content-length': ['http.content_length_header', 'Content-Length'],
  server: ['http.server', 'Server'],
  location: ['http.location', 'Location'],
  referer: ['http.referer', 'Referer'],
  authorization: ['http.authorization', 'Authorization'],
  cookie: ['http.cookie', 'Cookie'],
  'set-cookie': ['http.set_cookie', 'Set-Cookie'],
  connection: ['http.connection', 'Connection'],
  'transfer-encoding': ['http.transfer_encoding', 'Transfer-Encoding'],
  'x-forwarded-for': ['http.x_forwarded_for', 'X-Forwarded-For'],
};

/** Whether the payload at `at` starts an HTTP/1.x request or response. */
export function looksLikeHttp(b: Uint8Array, at: number, end: number): boolean {
  const first = b[at];
  if (first === 0x48 && startsWithAscii(b, at, end, 'HTTP/1.')) return true;
  // Only upper-case method letters can start a request.
  if (first === undefined || first < 0x43 || first > 0x54) return false;
  for (const method of METHODS) if (startsWithAscii(b, at, end, method)) return true;
  return false;
}

/**
 * Dissects an HTTP message head in [at, end); other payload on an HTTP port is a Continuation.
 * With a context, a body longer than the segment is followed to the segment that completes it.
 */
export function dissectHttp(d: Dissection, at: number, end: number) {
  const { data } = d;
  const tcpInfo = d.info;
  const pending = takePending(d);
  if (pending?.http) return continueBody(d, at, end, pending, tcpInfo);
  const fields = addLayer(d, 'http', 'Hypertext Transfer Protocol');
  if (!looksLikeHttp(data, at, end)) return setColumns(d, 'HTTP', 'Continuation');
  const headEnd = Math.min(end, at + MAX_HEADER_BYTES);
  const firstEnd = lineEnd(data, at, headEnd);
  const firstLine = latin1(data, at, firstEnd < 0 ? headEnd : firstEnd);
  const head: Head = firstEnd < 0 ? EMPTY_HEAD : readHeaders(data, firstEnd, headEnd, fields);
  const response = data[at] === 0x48;
  if (response) describeResponse(firstLine, fields);
  else describeRequest(firstLine, fields);
  // Wireshark: the first line and a space, then "  (type)" when the message has a content type.
  const info = `${firstLine} ${head.contentType ? ` (${head.contentType})` : ''}`;
  const body = bodyAfterHead(data, head, end, response ? firstLine : null);
  const http = { info, fields, chunked: head.chunked, firstLine };
  if (body !== null && keepPending(d, { ...body, http })) {
    d.layers.pop();
    return showSegmentOfPdu(d, `${firstLine} `);
  }
  setColumns(d, 'HTTP', info);
}

function describeRequest(line: string, fields: TPacketField[]) {
  const [method = '', uri = '', version = ''] = line.split(' ');
  fields.unshift(
    field('http.request', 'Request', true),
    field('http.request.method', 'Request Method', method),
    field('http.request.uri', 'Request URI', uri),
    field('http.request.version', 'Request Version', version),
  );
}

function describeResponse(line: string, fields: TPacketField[]) {
  const space = line.indexOf(' ');
  const version = space < 0 ? line : line.slice(0, space);
  const rest = space < 0 ? '' : line.slice(space + 1);
  const code = Number.parseInt(rest.slice(0, 3), 10);
  fields.unshift(
    field('http.response', 'Response', true),
    field('http.response.version', 'Response Version', version),
    field('http.response.code', 'Status Code', Number.isNaN(code) ? 0 : code),
    field('http.response.phrase', 'Response Phrase', rest.slice(4)),
  );
}

// Reads header lines after the first line: fields, and what says how long the body is.
function readHeaders(b: Uint8Array, from: number, end: number, fields: TPacketField[]): Head {
  const head: Head = { contentType: null, contentLength: null, chunked: false, bodyStart: -1 };
  let at = from;
  while (at < end) {
    if (b[at] === 13) at++;
    if (b[at] === 10) at++;
    const stop = lineEnd(b, at, end);
    if (stop === at) {
      head.bodyStart = at + (b[at] === 13 && b[at + 1] === 10 ? 2 : 1);
      break;
    }
    if (at >= end) break;
    const line = latin1(b, at, stop < 0 ? end : stop);
    at = stop < 0 ? end : stop;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    const known = HEADER_FIELDS[name];
    if (known) fields.push(field(known[0], known[1], value));
    if (name === 'content-length' && /^\d+$/.test(value)) {
      head.contentLength = Number(value);
      fields.push(field('http.content_length', 'Content length', head.contentLength));
    }
    if (name === 'content-type') head.contentType = value.split(';')[0]!.trim();
    if (name === 'transfer-encoding' && value.toLowerCase().includes('chunked'))
      head.chunked = true;
  }
  return head;
}
