// Messages spanning TCP segments, as Wireshark shows them with reassembly on: segments before the
// one that completes a message are "TCP ... [TCP segment of a reassembled PDU]", and the message
// is shown in the segment that completes it. Needs a context; tracks one message per direction
// and forgets it when a segment does not follow on (loss, retransmission).
import type { PendingPdu } from './context.ts';
import { type Dissection, setColumns } from './state.ts';

export const SEGMENT_OF_PDU = ' [TCP segment of a reassembled PDU]';

/**
 * The message this segment continues, if any, taken out of the context. A segment from before
 * the expected one (a retransmission) leaves it in place; one past it (a gap) drops it.
 */
export function takePending(d: Dissection): PendingPdu | undefined {
  const { context, segment } = d;
  if (!context || !segment) return undefined;
  const pending = context.pending.get(segment.key);
  if (!pending) return undefined;
  if (pending.nextSeq === segment.seq) {
    context.pending.delete(segment.key);
    return pending;
  }
  if ((pending.nextSeq - segment.seq) >>> 0 < 0x80000000) segment.retransmitted = true;
  else context.pending.delete(segment.key);
  return undefined;
}

/** Remembers a message that goes on after this segment; false without a context. */
export function keepPending(d: Dissection, pending: Omit<PendingPdu, 'nextSeq'>): boolean {
  const { context, segment } = d;
  if (!context || !segment || segment.retransmitted) return false;
  context.pending.set(segment.key, { ...pending, nextSeq: (segment.seq + segment.length) >>> 0 });
  return true;
}

/** Shows this segment as a part of a message completed later; `info` defaults to TCP's. */
export function showSegmentOfPdu(d: Dissection, info = d.info): void {
  setColumns(d, 'TCP', `${info}${SEGMENT_OF_PDU}`);
}
