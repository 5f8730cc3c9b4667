import type { TPacket } from '@netguard/contracts';
import { createDissectContext, dissectFrame } from '@netguard/packets';
import { type CaptureBytes, readAllFrames } from './packets.frames.ts';

/** Filtered frame lists kept per process: a 1M-packet capture's list is 4 MB at most. */
const MAX_ENTRIES = 8;
/**
 * Full passes running at once per process (a 200 MB capture takes seconds of CPU); more wait
 * their turn, so a burst of new filters cannot starve every other request.
 */
const MAX_PASSES = 2;

/** Numbers of the frames of a capture file whose dissected packet matches. */
export async function findMatchingFrames(
  bytes: CaptureBytes,
  match: (packet: TPacket) => boolean,
): Promise<Uint32Array> {
  let numbers = new Uint32Array(1024);
  let count = 0;
  const context = createDissectContext();
  for await (const frame of readAllFrames(bytes)) {
    if (!match(dissectFrame(frame, { includePayload: false, context }))) continue;
    if (count === numbers.length) {
      const grown = new Uint32Array(numbers.length * 2);
      grown.set(numbers);
      numbers = grown;
    }
    numbers[count++] = frame.number;
  }
  return numbers.slice(0, count);
}

/**
 * An LRU of matching frame numbers by capture and filters. A capture file never changes once
 * uploaded, so entries stay right until the capture is deleted; concurrent requests for the same
 * filters share one pass.
 */
export function createMatchCache(maxEntries = MAX_ENTRIES, maxPasses = MAX_PASSES) {
  const entries = new Map<string, Promise<Uint32Array>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  async function limited(compute: () => Promise<Uint32Array>): Promise<Uint32Array> {
    if (running >= maxPasses) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await compute();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }
  const keyOf = (captureId: string, filters: string) => `${captureId}\n${filters}`;

  return {
    get(captureId: string, filters: string, compute: () => Promise<Uint32Array>) {
      const key = keyOf(captureId, filters);
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const pending = limited(compute);
      entries.set(key, pending);
      pending.catch(() => {
        if (entries.get(key) === pending) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return pending;
    },

    /** Forgets every list of a deleted capture. */
    evict(captureId: string) {
      for (const key of entries.keys()) if (key.startsWith(`${captureId}\n`)) entries.delete(key);
    },
  };
}

export type MatchCache = ReturnType<typeof createMatchCache>;
