// Helpers for collecting through the call recorder: a call made only when a selected check needs
// it, pagination, bounded concurrency and "this setting does not exist" answers.
import type { CallRecorder, CallSpec } from '../calls.ts';
import type { AwsTarget } from './clients.ts';

export type CollectContext = {
  recorder: CallRecorder;
  target: AwsTarget;
  account: string;
  /** Selected check ids. */
  selected: Set<string>;
  /** Calls in flight at once per listing. */
  concurrency: number;
};

/** The call's checks that are selected; an empty list means the call is not needed. */
export const wanted = (ctx: CollectContext, checks: string[]) =>
  checks.filter((id) => ctx.selected.has(id));

/** Runs the call when a selected check needs it; undefined when skipped or failed. */
export async function collect<T>(
  ctx: CollectContext,
  spec: CallSpec,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T | undefined> {
  const checks = wanted(ctx, spec.checks);
  if (!checks.length) return undefined;
  return ctx.recorder.call({ ...spec, checks }, run);
}

/** Every page of a listing, or undefined when any page failed. */
export async function collectPages<T>(
  ctx: CollectContext,
  spec: CallSpec,
  page: (token: string | undefined, signal: AbortSignal) => Promise<{ items?: T[]; next?: string }>,
): Promise<T[] | undefined> {
  const items: T[] = [];
  let token: string | undefined;
  do {
    const answer = await collect(ctx, spec, (signal) => page(token, signal));
    if (!answer) return undefined;
    items.push(...(answer.items ?? []));
    token = answer.next;
  } while (token);
  return items;
}

/** Awaits every promise of a record at once: the record of their values. */
export async function allOf<T extends Record<string, Promise<unknown>>>(
  promises: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(
    Object.entries(promises).map(async ([key, promise]) => [key, await promise] as const),
  );
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}

/** Maps with at most `limit` calls in flight, keeping the order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Turns the named "not configured" errors into null (a setting that does not exist). */
export const absentOn =
  (...names: string[]) =>
  (error: unknown): null => {
    if (names.includes((error as { name?: string })?.name ?? '')) return null;
    throw error;
  };

/** Call specs of one service in one region. */
export const specsOf =
  (service: string, region: string) =>
  (operation: string, checks: string[]): CallSpec => ({ service, region, operation, checks });

export type SpecOf = ReturnType<typeof specsOf>;
