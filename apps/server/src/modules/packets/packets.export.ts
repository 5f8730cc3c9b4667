import { PassThrough, type Readable } from 'node:stream';
import type { TPacketExportRequest } from '@netguard/contracts';
import { type Frame, writeCapture } from '@netguard/packets';

export type CaptureDownload = { filename: string; contentType: string; body: Readable };

const CONTENT_TYPES = { pcap: 'application/vnd.tcpdump.pcap', pcapng: 'application/x-pcapng' };

/**
 * Frames as a capture file download, streamed: pcap when they share one link type, pcapng
 * otherwise (as writeCapture decides). A failure half-way aborts the download.
 */
export function captureDownload(
  frames: AsyncIterable<Frame> | Iterable<Frame>,
  linkTypes: number[],
  baseName: string,
): CaptureDownload {
  const format = linkTypes.length > 1 ? 'pcapng' : 'pcap';
  const body = new PassThrough();
  writeCapture(untilClosed(frames, body), body, { linkTypes }).then(
    () => body.end(),
    (error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { filename: `${baseName}.${format}`, contentType: CONTENT_TYPES[format], body };
}

/**
 * The frames until the download is closed (the client went away): reading stops, the file is
 * closed, and the writer never waits for a 'drain' that a closed stream will not send.
 */
async function* untilClosed(
  frames: AsyncIterable<Frame> | Iterable<Frame>,
  body: PassThrough,
): AsyncGenerator<Frame> {
  for await (const frame of frames) {
    if (body.destroyed) return;
    yield frame;
  }
}

/** A file name safe in a Content-Disposition header, from the uploaded name without extension. */
export function downloadBaseName(name: string): string {
  const stem = name.replace(/\.(pcapng|pcap|cap|dmp)(\.gz)?$/i, '');
  const safe = stem
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return safe || 'capture';
}

/** The browser's live packets as frames (payload hex = the captured bytes). */
export function liveExportFrames(request: TPacketExportRequest): Frame[] {
  return request.packets.map((packet, i) => {
    const data = Buffer.from(packet.payload, 'hex');
    const seconds = Math.floor(packet.time);
    const nanos = Math.min(999_999_999, Math.round((packet.time - seconds) * 1e9));
    return {
      number: i + 1,
      seconds,
      nanos,
      capturedLength: data.length,
      originalLength: Math.max(packet.length, data.length),
      linkType: request.link_type,
      interfaceId: 0,
      offset: 0,
      data,
    };
  });
}

/** `netguard-live-2026-05-04T10-20-30` for a live export made now. */
export function liveExportName(now = new Date()): string {
  return `netguard-live-${now.toISOString().slice(0, 19).replaceAll(':', '-')}`;
}
