import { pushError } from './record-error.ts';
import { isZip, unzip } from './zip.ts';

/** JSON records read from one file, and a line for each part that was not JSON. */
export type FeedRecords = { records: unknown[]; errors: string[]; unreadable: number };

/** An empty set of records, to collect several files into. */
export const noRecords = (): FeedRecords => ({ records: [], errors: [], unreadable: 0 });

function add(into: FeedRecords, value: unknown): void {
  if (Array.isArray(value)) into.records.push(...value);
  else into.records.push(value);
}

/**
 * Records as OSV and the CVE list publish them: one JSON record, a JSON array of records, or a zip
 * of `.json` records (OSV's all.zip, a Vulnrichment archive). Throws when the bytes are neither.
 */
export function readRecords(bytes: Buffer, name: string, into = noRecords()): FeedRecords {
  if (!isZip(bytes)) {
    try {
      add(into, JSON.parse(bytes.toString('utf8')));
    } catch (error) {
      throw new Error(`${name} is not valid JSON: ${(error as Error).message}`);
    }
    return into;
  }
  try {
    for (const entry of unzip(bytes)) {
      if (!entry.name.toLowerCase().endsWith('.json')) continue;
      try {
        add(into, JSON.parse(entry.data.toString('utf8')));
      } catch (error) {
        into.unreadable++;
        pushError(into.errors, `${entry.name}: not valid JSON (${(error as Error).message})`);
      }
    }
  } catch (error) {
    throw new Error(`${name}: cannot read the zip archive (${(error as Error).message})`);
  }
  return into;
}
