import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { createPacketStats, type TPacketStats } from '@netguard/contracts';
import {
  type CaptureFormat,
  createCaptureReader,
  createDissectContext,
  dissectFrame,
  type ReaderCheckpoint,
} from '@netguard/packets';

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
 * Streams an upload to `file` and, in the same pass over the same bytes, reads, dissects and
 * counts its packets. Each chunk is on its way to disk before the reader sees it, and the reader
 * pulls the next chunk only when it is done with the last: memory stays at a chunk or two
 * whatever the file size. Throws CaptureFormatError, UploadTooLargeError or EmptyUploadError
 * (the caller removes the file).
 */
export async function ingestCapture(
  body: AsyncIterable<Uint8Array>,
  file: string,
  maxBytes: number,
): Promise<IngestedCapture> {
  const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
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
    out.end();
    await finished(out);
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
    await closeStream(out);
    // An upload over the limit may surface as whatever the reader made of the cut-off stream.
    if (sizeBytes > maxBytes) throw new UploadTooLargeError();
    if (sizeBytes === 0) throw new EmptyUploadError();
    throw error;
  }
}

/** Destroys the stream and waits until its file is closed, so removing the file afterwards sticks. */
function closeStream(out: fs.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (out.closed) return resolve();
    out.once('close', () => resolve());
    out.destroy();
  });
}
