// Wireshark's relative sequence numbers and calculated window per TCP direction: numbers count
// from the first sequence number seen (the SYN's, or one before the first segment seen), and the
// window is scaled once both SYNs have shown their window-scale options.
import type { DissectContext, TcpDirectionState } from './context.ts';

const SYN = 0x02;
const ACK = 0x10;

export type TcpNumbers = {
  seq: number;
  ack: number;
  /** Base of the acknowledged direction, for SACK edges (0 when numbers are raw). */
  ackBase: number;
  /** Window multiplier, or null when the scaling is unknown (the raw window is shown). */
  windowMultiplier: number | null;
};

/** Numbers of a segment as they are on the wire: no context, no relative numbering. */
export function rawNumbers(seq: number, ack: number): TcpNumbers {
  return { seq, ack, ackBase: 0, windowMultiplier: null };
}

/** Updates the two directions' state with this segment and returns its shown numbers. */
export function trackTcp(
  context: DissectContext,
  forwardKey: string,
  reverseKey: string,
  seq: number,
  ack: number,
  flags: number,
  windowShift: number | null,
): TcpNumbers {
  const syn = (flags & SYN) !== 0;
  let forward = context.tcp.get(forwardKey);
  // A new SYN with another initial sequence number: the ports were reused for a new connection.
  const reused = syn && forward?.sawSyn === true && forward.base !== seq;
  if (reused) context.tcp.delete(reverseKey);
  if (forward === undefined || reused) {
    forward = context.tcp.set(forwardKey, {
      base: syn ? seq : (seq - 1) >>> 0,
      windowShift: null,
      sawSyn: false,
    });
  }
  if (syn) {
    forward.sawSyn = true;
    forward.base = seq;
    forward.windowShift = windowShift;
  }
  let reverse: TcpDirectionState | undefined = context.tcp.get(reverseKey);
  if ((flags & ACK) !== 0 && reverse === undefined)
    reverse = context.tcp.set(reverseKey, {
      base: (ack - 1) >>> 0,
      windowShift: null,
      sawSyn: false,
    });
  let windowMultiplier: number | null = null;
  if (syn) windowMultiplier = 1;
  else if (forward.sawSyn && reverse?.sawSyn)
    windowMultiplier =
      forward.windowShift !== null && reverse.windowShift !== null
        ? 2 ** Math.min(forward.windowShift, 14)
        : 1;
  return {
    seq: (seq - forward.base) >>> 0,
    ack: reverse ? (ack - reverse.base) >>> 0 : ack,
    ackBase: reverse ? reverse.base : 0,
    windowMultiplier,
  };
}
