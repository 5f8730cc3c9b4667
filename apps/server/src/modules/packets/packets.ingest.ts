import { once } from 'node:events';
import { createPacketStats, type TPacketStats } from '@netguard/contracts';
import {
  type CaptureFormat,
  createCaptureReader,
  createDissectContext,
  dissectFrame,
  type ReaderCheckpoint,
} from '@netguard/packets';
import type { CaptureWriter } from './packets.store.ts';

/** A checkpoint is kept after every this many frames (see captureFiles.checkpoints). */
export const CHECKPOINT_EVERY = 1000;

export type IngestedCapture = {
  format: CaptureFormat;
  sizeBytes: number;
  packetCount: number;
  linkTypes: number[];
  stats: TPacketStats;
  checkpoints: ReaderCheckpoint[];
};

/** The upload went past the byte limit; nothing of it is kept. */
export class UploadTooLargeError extends Error {}
/** The upload had no bytes at all. */
export class EmptyUploadError extends Error {}

/**
 * Streams an upload to the store's `writer` and, in the same pass over the same bytes, reads,
 * dissects and counts its packets. Each chunk is on its way to storage before the reader sees
 * it, and the reader pulls the next chunk only when it is done with the last: memory stays at a
 * chunk or two (plus the parts an S3 upload has in flight) whatever the file size. Resolves once
 * the file is stored. Throws CaptureFormatError, UploadTooLargeError or EmptyUploadError (the
 * caller discards the writer).
 */
export async function ingestCapture(
  body: AsyncIterable<Uint8Array>,
  writer: CaptureWriter,
  maxBytes: number,
): Promise<IngestedCapture> {
  const out = writer.stream;
  let writeError: Error | null = null;
  out.on('error', (error) => {
    writeError = error;
  });
  let sizeBytes = 0;
  let drained = false;
  async function* toDisk(): AsyncGenerator<Uint8Array> {
    for await (const chunk of body) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) throw new UploadTooLargeError();
      if (writeError) throw writeError;
      if (!out.write(chunk)) await once(out, 'drain');
      yield chunk;
    }
    drained = true;
    if (sizeBytes === 0) throw new EmptyUploadError();
  }
  try {
    const reader = createCaptureReader(toDisk());
    const stats = createPacketStats();
    const context = createDissectContext();
    const linkTypes = new Set<number>();
    const checkpoints: ReaderCheckpoint[] = [];
    let packetCount = 0;
    for await (const frame of reader.frames()) {
      stats.add(dissectFrame(frame, { includePayload: false, context }));
      linkTypes.add(frame.linkType);
      packetCount += 1;
      if (packetCount % CHECKPOINT_EVERY === 0) checkpoints.push(reader.checkpoint());
    }
    if (!drained) throw new Error('the capture reader stopped before the end of the upload');
    if (!reader.format) throw new EmptyUploadError();
    if (writeError) throw writeError;
    await writer.finish();
    // A capture without packets still has interfaces: their link types say what export writes.
    for (const iface of linkTypes.size ? [] : reader.interfaces) linkTypes.add(iface.linkType);
    return {
      format: reader.format,
      sizeBytes,
      packetCount,
      linkTypes: [...linkTypes].sort((a, b) => a - b),
      stats: stats.result(),
      checkpoints,
    };
  } catch (error) {
    // An upload over the limit may surface as whatever the reader made of the cut-off stream.
    if (sizeBytes > maxBytes) throw new UploadTooLargeError();
    if (sizeBytes === 0) throw new EmptyUploadError();
    // The storage's own failure (a refused connection, a full disk) says more than the stream it
    // left behind (an S3 upload that stops reading closes its stream with an AbortError).
    if (writeError && error === writeError)
      throw await writer.finish().then(
        () => error,
        (cause: unknown) => cause,
      );
    throw error;
  }
}
