import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pushError } from './record-error.ts';
import { type FeedRecords, noRecords, readRecords } from './records.ts';
import { isUrl, readSource, type SourceOptions } from './source.ts';

const isFolder = (source: string) => {
  try {
    return statSync(source).isDirectory();
  } catch {
    return false;
  }
};

/**
 * JSON records from a file or URL (one record, an array, a zip) or from every `.json` and `.zip`
 * file under a folder (a checkout of cisagov/vulnrichment, an unpacked OSV all.zip).
 * @example await readRecordSource('vulnrichment/2024', {}, records)
 */
export async function readRecordSource(
  source: string,
  options: SourceOptions,
  into: FeedRecords = noRecords(),
): Promise<FeedRecords> {
  if (isUrl(source) || !isFolder(source))
    return readRecords(await readSource(source, options), source, into);
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(json|zip)$/i.test(name))
    .sort();
  // In a folder of thousands of records one bad file is a skipped record, as inside a zip.
  for (const name of files) {
    const path = join(source, name);
    if (isFolder(path)) continue;
    const bytes = await readSource(path, options);
    try {
      readRecords(bytes, name, into);
    } catch (error) {
      into.unreadable++;
      pushError(into.errors, (error as Error).message);
    }
  }
  return into;
}
