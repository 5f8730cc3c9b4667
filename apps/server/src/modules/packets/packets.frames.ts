import type { Frame, ReaderCheckpoint } from '@netguard/packets';
import { createCaptureReader } from '@netguard/packets';
import { CHECKPOINT_EVERY } from './packets.ingest.ts';

/**
 * A stored capture file's bytes from byte `start` to its end (CaptureStore.read): on local
 * disk or in a bucket, read as a stream without a local copy.
 */
export type CaptureBytes = (start: number) => AsyncIterable<Uint8Array>;

/** A reader of the capture from the top, or from a checkpoint (its bytes start at its offset). */
function openCapture(bytes: CaptureBytes, resume?: ReaderCheckpoint) {
  return createCaptureReader(bytes(resume?.offset ?? 0), resume ? { resume } : undefined);
}

/** Checkpoint `index` of the capture being read, or null (then reading starts at the top). */
export type CheckpointLookup = (index: number) => Promise<ReaderCheckpoint | null>;

/** The checkpoint to read frame `number` from: -1 is the start of the file. */
export function checkpointIndexFor(number: number): number {
  return Math.floor((number - 1) / CHECKPOINT_EVERY) - 1;
}

/** Hooks for a caller that learns from the frames read on the way (a dissect context). */
export type ReadHooks = {
  /** Reading (re)starts at a checkpoint or at the top: what was learned before no longer follows. */
  onOpen?: () => void;
  /** A frame read on the way to a wanted one. */
  onPassed?: (frame: Frame) => void;
};

/**
 * The frames with the given numbers (ascending), read from the nearest checkpoint before each
 * and jumping ahead to a later checkpoint rather than reading through a gap of more than one.
 */
export async function* readFramesByNumber(
  bytes: CaptureBytes,
  numbers: ArrayLike<number>,
  checkpointAt: CheckpointLookup,
  hooks: ReadHooks = {},
): AsyncGenerator<Frame> {
  let next = 0;
  let canJump = true;
  while (next < numbers.length) {
    const index = checkpointIndexFor(numbers[next] as number);
    const resume = index >= 0 ? await checkpointAt(index) : null;
    // Without the checkpoint, reading goes on from here: jumping again would start over.
    if (index >= 0 && !resume) canJump = false;
    const reader = openCapture(bytes, resume ?? undefined);
    hooks.onOpen?.();
    let jumped = false;
    for await (const frame of reader.frames()) {
      const wanted = numbers[next] as number;
      if (frame.number === wanted) {
        yield frame;
        next += 1;
        if (next === numbers.length) break;
      } else if (frame.number > wanted) {
        // The file has fewer frames than the caller thought: it cannot have changed, so stop.
        return;
      } else {
        hooks.onPassed?.(frame);
      }
      const ahead = checkpointIndexFor(numbers[next] as number);
      if (canJump && ahead > checkpointIndexFor(frame.number + 1)) {
        jumped = true;
        break;
      }
    }
    if (!jumped) return;
  }
}

/** Every frame of a capture, from the top. */
export function readAllFrames(bytes: CaptureBytes): AsyncIterable<Frame> {
  return openCapture(bytes).frames();
}
