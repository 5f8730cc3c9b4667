// TCP options as Wireshark summarises them at the end of the Info column.
import type { TPacketField } from '@netguard/contracts';
import { be16, be32 } from './bytes.ts';
import type { DissectContext } from './context.ts';
import { type Dissection, field } from './state.ts';

export type TcpOptions = {
  /** Window scale shift from a SYN's WS option, or null without one. */
  windowShift: number | null;
  /** The option texts of the Info column, in packet order. */
  info: string[];
};

/**
 * Reads the options in [at, end) into fields and Info texts; stops at a malformed one. SACK
 * edges are acknowledgment numbers, shown relative to the base of the `reverse` direction.
 */
export function readTcpOptions(
  d: Dissection,
  fields: TPacketField[],
  at: number,
  end: number,
  reverse: { context: DissectContext; key: string } | null,
): TcpOptions {
  const { data } = d;
  const out: TcpOptions = { windowShift: null, info: [] };
  let i = at;
  while (i < end) {
    const kind = data[i]!;
    if (kind === 0) break;
    if (kind === 1) {
      i++;
      continue;
    }
    const length = data[i + 1] ?? 0;
    if (length < 2 || i + length > end) break;
    if (kind === 2 && length === 4) {
      const mss = be16(data, i + 2);
      fields.push(field('tcp.options.mss_val', 'MSS Value', mss));
      out.info.push(`MSS=${mss}`);
    } else if (kind === 3 && length === 3) {
      const shift = data[i + 2]!;
      out.windowShift = shift;
      fields.push(
        field('tcp.options.wscale.shift', 'Shift count', shift),
        field('tcp.options.wscale.multiplier', 'Multiplier', 2 ** Math.min(shift, 14)),
      );
      out.info.push(`WS=${2 ** Math.min(shift, 14)}`);
    } else if (kind === 4 && length === 2) {
      fields.push(field('tcp.options.sack_perm', 'SACK Permitted', true));
      out.info.push('SACK_PERM');
    } else if (kind === 5 && (length - 2) % 8 === 0) {
      const base = reverse?.context.tcp.get(reverse.key)?.base ?? 0;
      for (let edge = i + 2; edge + 8 <= i + length; edge += 8) {
        const left = (be32(data, edge) - base) >>> 0;
        const right = (be32(data, edge + 4) - base) >>> 0;
        fields.push(
          field('tcp.options.sack_le', 'left edge', left),
          field('tcp.options.sack_re', 'right edge', right),
        );
        out.info.push(`SLE=${left} SRE=${right}`);
      }
    } else if (kind === 8 && length === 10) {
      const tsval = be32(data, i + 2);
      const tsecr = be32(data, i + 6);
      fields.push(
        field('tcp.options.timestamp.tsval', 'Timestamp value', tsval),
        field('tcp.options.timestamp.tsecr', 'Timestamp echo reply', tsecr),
      );
      out.info.push(`TSval=${tsval} TSecr=${tsecr}`);
    }
    i += length;
  }
  return out;
}
