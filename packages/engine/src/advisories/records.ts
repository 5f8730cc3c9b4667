import { isZip, unzip } from './zip.ts';

/** One record of a feed file, or why a part of the file could not be read as one. */
export type FeedRecord = { value: unknown } | { error: string };

function* spread(value: unknown): Generator<FeedRecord> {
  if (Array.isArray(value)) for (const item of value) yield { value: item };
  else yield { value };
}

/**
 * Records as OSV and the CVE list publish them: one JSON record, a JSON array of records, or a zip
 * of `.json` records (OSV's all.zip, a Vulnrichment archive), yielded one by one so that a large
 * archive is never held parsed in memory. Throws when the bytes are neither.
 */
export function* recordsOf(bytes: Buffer, name: string): Generator<FeedRecord> {
  if (!isZip(bytes)) {
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw new Error(`${name} is not valid JSON: ${(error as Error).message}`);
    }
    yield* spread(value);
    return;
  }
  const entries = unzip(bytes);
  for (;;) {
    let entry: IteratorResult<{ name: string; data: Buffer }>;
    try {
      entry = entries.next();
    } catch (error) {
      throw new Error(`${name}: cannot read the zip archive (${(error as Error).message})`);
    }
    if (entry.done) return;
    if (!entry.value.name.toLowerCase().endsWith('.json')) continue;
    let value: unknown;
    try {
      value = JSON.parse(entry.value.data.toString('utf8'));
    } catch (error) {
      yield { error: `${entry.value.name}: not valid JSON (${(error as Error).message})` };
      continue;
    }
    yield* spread(value);
  }
}
