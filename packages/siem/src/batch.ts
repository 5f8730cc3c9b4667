// Cutting a list of events into request-sized batches, by count and by serialized bytes, and
// halving a batch the destination refused as too large.

import { dead, type Outcome } from './delivery.ts';
import type { SiemEvent } from './event.ts';

export type BatchLimits = {
  /** Events per batch at most. */
  maxCount: number;
  /** Bytes per batch at most: the sum of the events' sizes plus `separatorBytes` between them. */
  maxBytes: number;
  /** The serialized size of one event, in bytes. */
  sizeOf: (event: SiemEvent) => number;
  /** Bytes added per event beyond its own (a line break, a comma); default 1. */
  separatorBytes?: number;
  /** Bytes of the batch's frame (e.g. `[` and `]`); default 0. */
  frameBytes?: number;
};

export type Batches = {
  batches: SiemEvent[][];
  /** Events that do not fit a batch alone: to be dead-lettered as too large, never blocking. */
  tooLarge: SiemEvent[];
};

/** Splits `events` in order into batches within the limits; an event too large alone is set apart. */
export function splitIntoBatches(events: SiemEvent[], limits: BatchLimits): Batches {
  const separator = limits.separatorBytes ?? 1;
  const frame = limits.frameBytes ?? 0;
  const batches: SiemEvent[][] = [];
  const tooLarge: SiemEvent[] = [];
  let current: SiemEvent[] = [];
  let bytes = frame;
  for (const event of events) {
    const size = limits.sizeOf(event);
    if (frame + size > limits.maxBytes) {
      tooLarge.push(event);
      continue;
    }
    const added = (current.length ? separator : 0) + size;
    if (current.length >= limits.maxCount || bytes + added > limits.maxBytes) {
      batches.push(current);
      current = [];
      bytes = frame;
    }
    bytes += (current.length ? separator : 0) + size;
    current.push(event);
  }
  if (current.length) batches.push(current);
  return { batches, tooLarge };
}

export const tooLargeOutcomes = (events: SiemEvent[], maxBytes: number): Outcome[] =>
  dead(events, `too large: the event alone exceeds the ${maxBytes}-byte request limit`);

/** What sending one batch gives: the outcomes, or that the destination refused it as too large. */
export type BatchAnswer = Outcome[] | { tooLarge: true; reason: string };

/**
 * Sends `batch` with `send`; when the destination answers "too large" (HTTP 413), sends each half
 * in turn, down to single events: a single event still refused is dead ('too large').
 */
export async function sendHalvingOnTooLarge(
  batch: SiemEvent[],
  send: (batch: SiemEvent[]) => Promise<BatchAnswer>,
): Promise<Outcome[]> {
  const answer = await send(batch);
  if (Array.isArray(answer)) return answer;
  if (batch.length === 1) return dead(batch, `too large: ${answer.reason}`);
  const middle = Math.ceil(batch.length / 2);
  return [
    ...(await sendHalvingOnTooLarge(batch.slice(0, middle), send)),
    ...(await sendHalvingOnTooLarge(batch.slice(middle), send)),
  ];
}

/** UTF-8 length of a string. */
/**
 * Splits `events` within `limits` and sends each batch with `send`, halving a batch the
 * destination refuses as too large: one outcome per event (the too-large ones first).
 */
export async function sendInBatches(
  events: SiemEvent[],
  limits: BatchLimits,
  send: (batch: SiemEvent[]) => Promise<BatchAnswer>,
): Promise<Outcome[]> {
  const { batches, tooLarge } = splitIntoBatches(events, limits);
  const outcomes = tooLargeOutcomes(tooLarge, limits.maxBytes);
  for (const batch of batches) outcomes.push(...(await sendHalvingOnTooLarge(batch, send)));
  return outcomes;
}

export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
