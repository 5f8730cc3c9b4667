import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type FeedRecord, recordsOf } from './records.ts';
import { DEFAULT_MAX_BYTES, isUrl, readSource, type SourceOptions } from './source.ts';

const isFolder = (source: string) => {
  try {
    return statSync(source).isDirectory();
  } catch {
    return false;
  }
};

// In a folder of thousands of records one bad file is a skipped record, as inside a zip; files
// are read one at a time while the records are consumed.
function* folderRecords(folder: string, maxBytes: number): Generator<FeedRecord> {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(json|zip)$/i.test(name) && !isFolder(join(folder, name)))
    .sort();
  for (const name of files) {
    const path = join(folder, name);
    try {
      if (statSync(path).size > maxBytes)
        throw new Error(`${name} is larger than the ${maxBytes}-byte limit`);
      yield* recordsOf(readFileSync(path), name);
    } catch (error) {
      yield { error: (error as Error).message };
    }
  }
}

/**
 * The records of several sources, one after the other: files or URLs (one record, an array, a
 * zip) and folders, whose `.json` and `.zip` files are read recursively (a checkout of
 * cisagov/vulnrichment, an unpacked OSV all.zip). URLs and files are read before this resolves.
 * @example parseOsv(await readRecordSources(['debian-all.zip', 'ubuntu/'], {}))
 */
export async function readRecordSources(
  sources: readonly string[],
  options: SourceOptions,
): Promise<Iterable<FeedRecord>> {
  const parts: (() => Iterable<FeedRecord>)[] = [];
  for (const source of sources) {
    if (!isUrl(source) && isFolder(source)) {
      parts.push(() => folderRecords(source, options.maxBytes ?? DEFAULT_MAX_BYTES));
      continue;
    }
    const bytes = await readSource(source, options);
    parts.push(() => recordsOf(bytes, source));
  }
  return (function* () {
    for (const part of parts) yield* part();
  })();
}
