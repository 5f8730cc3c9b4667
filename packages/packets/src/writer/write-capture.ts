import type { CaptureFormat, Frame } from '../types.ts';
import {
  DEFAULT_SNAP_LENGTH,
  encodePcapHeader,
  PCAP_RECORD_HEADER_BYTES,
  writePcapRecord,
} from './pcap.ts';
import {
  enhancedPacketBlock,
  interfaceBlock,
  sectionHeaderBlock,
  tsresolOption,
} from './pcapng.ts';
import { StreamSink } from './stream-sink.ts';

const NANOSECONDS = 1e9;

/**
 * Writes frames as a capture: nanosecond pcap when there is one link type, pcapng (one
 * interface per link type, nanosecond timestamps) otherwise. Waits for the stream to drain when
 * it asks to, and resolves once every byte is accepted; it does not end `out`.
 */
export async function writeCapture(
  frames: AsyncIterable<Frame> | Iterable<Frame>,
  out: NodeJS.WritableStream,
  options: { linkTypes: number[] },
): Promise<{ format: CaptureFormat; packets: number }> {
  const { linkTypes } = options;
  if (linkTypes.length === 0) throw new Error('writeCapture needs at least one link type');
  const format: CaptureFormat = linkTypes.length === 1 ? 'pcap' : 'pcapng';
  const sink = new StreamSink(out);
  try {
    const packets = await (format === 'pcap'
      ? writePcap(frames, sink, linkTypes)
      : writePcapng(frames, sink, linkTypes));
    await sink.close();
    return { format, packets };
  } finally {
    sink.detach();
  }
}

async function writePcap(
  frames: AsyncIterable<Frame> | Iterable<Frame>,
  sink: StreamSink,
  linkTypes: number[],
): Promise<number> {
  let packets = 0;
  await sink.append(encodePcapHeader(linkTypes[0]!));
  for await (const frame of frames) {
    interfaceIdOf(frame, linkTypes);
    const wait = sink.reserve(PCAP_RECORD_HEADER_BYTES + frame.data.length);
    if (wait) await wait;
    sink.used = writePcapRecord(sink.buf, sink.used, frame, true, true);
    packets++;
  }
  return packets;
}

async function writePcapng(
  frames: AsyncIterable<Frame> | Iterable<Frame>,
  sink: StreamSink,
  linkTypes: number[],
): Promise<number> {
  let packets = 0;
  await sink.append(sectionHeaderBlock(true));
  for (const linkType of linkTypes) {
    await sink.append(interfaceBlock(linkType, DEFAULT_SNAP_LENGTH, [tsresolOption(9)], true));
  }
  for await (const frame of frames) {
    await sink.append(
      enhancedPacketBlock(frame, interfaceIdOf(frame, linkTypes), NANOSECONDS, true),
    );
    packets++;
  }
  return packets;
}

function interfaceIdOf(frame: Frame, linkTypes: number[]): number {
  const id = linkTypes.indexOf(frame.linkType);
  if (id < 0) {
    throw new Error(
      `Frame ${frame.number} has link type ${frame.linkType}, which is not among the link types given (${linkTypes.join(', ')})`,
    );
  }
  return id;
}
