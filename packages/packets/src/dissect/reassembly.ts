// Messages spanning TCP segments, as Wireshark shows them with reassembly on: segments before the
// one that completes a message are "TCP ... [TCP segment of a reassembled PDU]", and the message
// is shown in the segment that completes it. Needs a context; tracks one message per direction
// and forgets it when a segment does not follow on (loss, retransmission).
import type { BoundedMap, PendingPdu } from './context.ts';
import { type Dissection, setColumns } from './state.ts';

export const SEGMENT_OF_PDU = ' [TCP segment of a reassembled PDU]';

/**
 * The message this segment continues, if any, taken out of the context. A segment from before
 * the expected one (a retransmission) leaves it in place; one past it (a gap) drops it.
 */
export function takePending(d: Dissection): PendingPdu | undefined {
  return d.context ? takeFrom(d, d.context.pending) : undefined;
}

/** Remembers a message that goes on after this segment; false without a context. */
export function keepPending(d: Dissection, pending: Omit<PendingPdu, 'nextSeq'>): boolean {
  return d.context ? keepIn(d, d.context.pending, pending) : false;
}

/** takePending() on another map of messages awaiting their next segment. */
export function takeFrom<T extends { nextSeq: number }>(
  d: Dissection,
  map: BoundedMap<T>,
): T | undefined {
  const { segment } = d;
  if (!segment) return undefined;
  const pending = map.get(segment.key);
  if (!pending) return undefined;
  if (pending.nextSeq === segment.seq) {
    map.delete(segment.key);
    return pending;
  }
  if ((pending.nextSeq - segment.seq) >>> 0 < 0x80000000) segment.retransmitted = true;
  else map.delete(segment.key);
  return undefined;
}

/** keepPending() on another map of messages awaiting their next segment. */
export function keepIn<T extends { nextSeq: number }>(
  d: Dissection,
  map: BoundedMap<T>,
  pending: Omit<T, 'nextSeq'>,
): boolean {
  const { segment } = d;
  if (!segment || segment.retransmitted) return false;
  map.set(segment.key, { ...pending, nextSeq: (segment.seq + segment.length) >>> 0 } as T);
  return true;
}

/** Shows this segment as a part of a message completed later; `info` defaults to TCP's. */
export function showSegmentOfPdu(d: Dissection, info = d.info): void {
  setColumns(d, 'TCP', `${info}${SEGMENT_OF_PDU}`);
}
