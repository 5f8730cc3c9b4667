// How long an HTTP body is (Content-Length or chunked) and how much of it the next segments
// carry, so that with a context the message is shown in the segment that completes it.
import type { PendingPdu } from './context.ts';
import { keepPending, showSegmentOfPdu, takePending } from './reassembly.ts';
import { addLayer, type Dissection, setColumns } from './state.ts';

export type Head = {
  contentType: string | null;
  contentLength: number | null;
  chunked: boolean;
  /** Offset of the body, after the blank line; -1 when the head goes on past the segment. */
  bodyStart: number;
};

export const EMPTY_HEAD: Head = {
  contentType: null,
  contentLength: null,
  chunked: false,
  bodyStart: -1,
};

// Past the chunk data still due, reads chunk-size lines: the bytes the next segment still owes
// (0: it starts at a size line), or null when the message ends here: the last chunk was read, or
// the framing is broken and there is nothing more to follow.
function walkChunks(b: Uint8Array, at: number, end: number, due: number): number | null {
  let offset = at + due;
  for (;;) {
    if (offset >= end) return offset - end;
    let stop = offset;
    while (stop < end && b[stop] !== 13) stop++;
    if (stop + 1 >= end || b[stop + 1] !== 10) return null;
    let size = 0;
    for (let i = offset; i < stop && b[i] !== 0x3b; i++) {
      const digit = Number.parseInt(String.fromCharCode(b[i]!), 16);
      if (Number.isNaN(digit)) return null;
      size = size * 16 + digit;
    }
    if (size === 0) return null;
    offset = stop + 2 + size + 2;
  }
}

/** `remaining` of a response body that ends when the server closes the connection. */
export const UNTIL_CLOSE = -1;

/**
 * What of the body is still to come after this segment, or null when the message ends here.
 * A response with neither Content-Length nor chunking runs until the connection closes.
 */
export function bodyAfterHead(
  b: Uint8Array,
  head: Head,
  end: number,
  statusLine: string | null,
): Pick<PendingPdu, 'remaining'> | null {
  if (head.bodyStart < 0) return null;
  const status = statusLine ? Number(statusLine.slice(9, 12)) : 0;
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return null;
  if (head.chunked) {
    const due = walkChunks(b, head.bodyStart, end, 0);
    return due === null ? null : { remaining: due };
  }
  if (head.contentLength === null) return statusLine ? { remaining: UNTIL_CLOSE } : null;
  const missing = head.contentLength - (end - head.bodyStart);
  return missing > 0 ? { remaining: missing } : null;
}

/** A segment of a body: part of the message, or the end of it, shown then as the message. */
export function continueBody(
  d: Dissection,
  at: number,
  end: number,
  pending: PendingPdu,
  tcpInfo: string,
) {
  const http = pending.http!;
  let due: number | null;
  if (pending.remaining === UNTIL_CLOSE) due = d.segment?.fin ? null : UNTIL_CLOSE;
  else if (http.chunked) due = walkChunks(d.data, at, end, pending.remaining);
  else due = pending.remaining - (end - at);
  const goesOn = due !== null && (due === UNTIL_CLOSE || http.chunked || due > 0);
  if (goesOn && keepPending(d, { remaining: due!, http }))
    return showSegmentOfPdu(d, http.chunked ? `${http.firstLine} ` : tcpInfo);
  completeMessage(d, pending);
}

/** Shows the message whose last segment this is. */
export function completeMessage(d: Dissection, pending: PendingPdu) {
  const http = pending.http!;
  addLayer(d, 'http', 'Hypertext Transfer Protocol').push(...http.fields);
  setColumns(d, 'HTTP', http.info);
}

/** A FIN with no payload ends a body that runs until the connection closes. */
export function closeBody(d: Dissection) {
  const pending = takePending(d);
  if (pending?.http && pending.remaining === UNTIL_CLOSE) completeMessage(d, pending);
}
