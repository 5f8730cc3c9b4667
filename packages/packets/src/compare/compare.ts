// Our dissection of a capture next to tshark's, as rows both sides agree on. The few places
// where we differ from tshark 4.0 by design are mapped here, each with its reason.
import type { TPacket } from '@netguard/contracts';
import { createDissectContext, dissectFrame } from '../dissect/index.ts';
import { readCaptureFile } from '../reader/index.ts';
import { type TsharkColumns, tsharkColumns, tsharkFields } from '../testing/tshark.ts';

/** Dissects every frame of a file in order, with one context as the CLI does. */
export async function dissectFile(file: string, decodeAs: string[] = []): Promise<TPacket[]> {
  const context = createDissectContext({ decodeAs });
  const packets: TPacket[] = [];
  for await (const frame of readCaptureFile(file).frames())
    packets.push(dissectFrame(frame, { context, includePayload: false }));
  return packets;
}

// tshark's TCP analysis ("[TCP Window Update] ", "[TCP Dup ACK 5#1] ", "[TCP Window Full] ")
// compares segments across the stream; we do not make those calls. A protocol that appends to
// such a marker puts ", " after it: "[TCP Window Full] , Application Data".
export const TCP_ANALYSIS = /^(\[TCP [^\]]*\] )+(, )?/;
// Wireshark 4.2+ appends the SNI to "Client Hello"; 4.0 (Debian 12) does not.
const SNI_SUFFIX = / \(SNI=[^)]*\)/;
// Wireshark 4.2+ writes "Client: Encrypted packet (len=44)"; 4.0 leaves the text empty.
const SSH_ENCRYPTED = /^(Client|Server): Encrypted packet \(len=\d+\)$/;

/** One frame as "number source destination protocol info", tab-separated, mapped as above. */
export function ourRow(p: TPacket): string {
  let info = p.info;
  if (p.protocol.startsWith('TLS')) info = info.replace(SNI_SUFFIX, '');
  if (p.protocol.startsWith('SSH')) info = info.replace(SSH_ENCRYPTED, '$1: ');
  return [p.id, p.source, p.destination, p.protocol, info].join('\t');
}

/** tshark's frame in the same shape. */
export function tsharkRow(t: TsharkColumns): string {
  return [t.number, t.source, t.destination, t.protocol, t.info.replace(TCP_ANALYSIS, '')].join(
    '\t',
  );
}

/** Packets per Protocol column value, sorted by name. */
export function protocolCounts(protocols: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const protocol of [...protocols].sort()) counts[protocol] = (counts[protocol] ?? 0) + 1;
  return counts;
}

// Segments tshark finds lost, retransmitted or out of order (loopback drops some under load) wait
// in tshark for reassembly; we dissect each frame from its own bytes. Such frames are compared
// by number and addresses only.
export const SEQUENCE_TROUBLE =
  'tcp.analysis.retransmission || tcp.analysis.out_of_order || tcp.analysis.lost_segment || tcp.analysis.ack_lost_segment';

function maskTrouble(row: string, trouble: ReadonlySet<number>): string {
  const cells = row.split('\t');
  return trouble.has(Number(cells[0]))
    ? [...cells.slice(0, 3), '[sequence trouble]'].join('\t')
    : row;
}

export type Comparison = {
  /** Every frame, ours dissected and tshark's columns. */
  ours: TPacket[];
  theirs: TsharkColumns[];
  /** Rows to compare, the frames in `trouble` masked. */
  ourRows: string[];
  theirRows: string[];
  /** Packets per protocol on each side, without the frames in `trouble`. */
  ourProtocols: Record<string, number>;
  theirProtocols: Record<string, number>;
  /** Frame numbers tshark's TCP analysis flags (see SEQUENCE_TROUBLE). */
  trouble: ReadonlySet<number>;
};

/**
 * Reads a capture with both. `decodeAs` goes to both sides; `tsharkOnly` only to tshark, for
 * ports we recognise by their payload where tshark needs to be told.
 */
export async function compareWithTshark(
  file: string,
  options: { decodeAs?: string[]; tsharkOnly?: string[] } = {},
): Promise<Comparison> {
  const decodeAs = options.decodeAs ?? [];
  const tsharkDecodeAs = [...decodeAs, ...(options.tsharkOnly ?? [])];
  const [ours, theirs, flagged] = await Promise.all([
    dissectFile(file, decodeAs),
    tsharkColumns(file, tsharkDecodeAs),
    tsharkFields(file, ['frame.number'], { decodeAs: tsharkDecodeAs, filter: SEQUENCE_TROUBLE }),
  ]);
  const trouble = new Set(flagged.map(([number]) => Number(number)));
  if (trouble.size * 5 > theirs.length)
    throw new Error(
      `${trouble.size} of ${theirs.length} frames lost or retransmitted: too few left to compare`,
    );
  return {
    ours,
    theirs,
    ourRows: ours.map((p) => maskTrouble(ourRow(p), trouble)),
    theirRows: theirs.map((t) => maskTrouble(tsharkRow(t), trouble)),
    ourProtocols: protocolCounts(ours.filter((p) => !trouble.has(p.id)).map((p) => p.protocol)),
    theirProtocols: protocolCounts(
      theirs.filter((t) => !trouble.has(t.number)).map((t) => t.protocol),
    ),
    trouble,
  };
}

/** The rows that differ, as "ours ≠ tshark's" lines: what a failed comparison prints. */
export function rowDifferences(result: Pick<Comparison, 'ourRows' | 'theirRows'>): string[] {
  const count = Math.max(result.ourRows.length, result.theirRows.length);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const [ours, theirs] = [result.ourRows[i], result.theirRows[i]];
    if (ours !== theirs) lines.push(`ours: ${ours ?? '(none)'}  ≠  tshark: ${theirs ?? '(none)'}`);
  }
  return lines;
}
