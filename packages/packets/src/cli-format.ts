// tshark's default one-line packet format: "    1   0.000000    127.0.0.1 → 127.0.0.2    TCP 74 ...".
import type { TPacket } from '@netguard/contracts';
import type { CaptureInterface, Frame } from './types.ts';

type Timestamp = Pick<Frame, 'seconds' | 'nanos'>;

/** Decimal places of a capture's timestamps: 6 for microseconds, 9 for nanoseconds. */
export function timeDigits(iface: CaptureInterface | undefined): number {
  const units = iface?.unitsPerSecond ?? 1e6;
  return Math.min(9, Math.max(0, Math.round(Math.log10(units))));
}

/** Seconds from `first` to `frame`, exact to the nanosecond, with `digits` decimals. */
export function relativeTime(frame: Timestamp, first: Timestamp, digits: number): string {
  let seconds = frame.seconds - first.seconds;
  let nanos = frame.nanos - first.nanos;
  if (nanos < 0) {
    seconds--;
    nanos += 1e9;
  }
  if (seconds < 0) return `-${relativeTime(first, frame, digits)}`;
  if (digits === 0) return String(seconds);
  const fraction = Math.floor(nanos / 10 ** (9 - digits));
  return `${seconds}.${String(fraction).padStart(digits, '0')}`;
}

/** The tshark-like line of a packet; `time` is its relative time text. */
export function packetLine(packet: TPacket, time: string): string {
  return `${String(packet.id).padStart(5)} ${time.padStart(10)} ${packet.source.padStart(12)} → ${packet.destination.padEnd(12)} ${packet.protocol} ${packet.length} ${packet.info}`;
}
