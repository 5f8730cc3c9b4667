import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { deriveKey } from '../lib/secret-key.ts';

/**
 * NetGuard's logical dump: PostgreSQL's plain-SQL dump form (comments, `SET`s, one
 * `COPY public."t" (...) FROM stdin;` block of COPY text data ending in `\.` per table, then
 * `setval`s), without the schema, which NetGuard's own migrations recreate. The header records
 * the migration level; the last line is an end marker with the table and row counts and the
 * SHA-256 of every byte before it, so a truncated or altered file is refused.
 */
export const DUMP_TITLE = '-- NetGuard database dump';
export const DUMP_FORMAT = 'netguard-dump 1';
export const END_PREFIX = '-- NetGuard dump complete: ';

/** The session settings the data is written and read under (also written into the file). */
export const SESSION_SETTINGS = [
  'SET statement_timeout = 0;',
  "SET client_encoding = 'UTF8';",
  'SET standard_conforming_strings = on;',
  "SET DateStyle = 'ISO';",
  "SET IntervalStyle = 'postgres';",
  'SET extra_float_digits = 3;',
  'SET row_security = off;',
  'SET session_replication_role = replica;',
] as const;

/** A file that is not a NetGuard dump, is damaged, or does not fit the database: said plainly. */
export class DumpError extends Error {
  override name = 'DumpError';
}

export type DumpHeader = {
  format: string;
  /** NetGuard's version that wrote the file. */
  version: string;
  /** The migration the data belongs to: its tag and journal time. */
  level: { tag: string; when: number };
  takenAt: string;
  server: string;
  /** Fingerprint of the secret key the encrypted columns were sealed under; null when none. */
  keyFingerprint: string | null;
};

const FIELDS = {
  format: 'Format',
  version: 'NetGuard version',
  level: 'Migration level',
  takenAt: 'Taken at',
  server: 'PostgreSQL server',
  keyFingerprint: 'Secret key fingerprint',
} as const;

/** The opening comment block and session settings. */
export function headerText(header: DumpHeader): string {
  const lines = [
    DUMP_TITLE,
    '--',
    `-- ${FIELDS.format}: ${header.format} (plain SQL with COPY data; not pg_dump's custom format)`,
    `-- ${FIELDS.version}: ${header.version}`,
    `-- ${FIELDS.level}: ${header.level.tag} (${header.level.when})`,
    `-- ${FIELDS.takenAt}: ${header.takenAt}`,
    `-- ${FIELDS.server}: ${header.server}`,
    `-- ${FIELDS.keyFingerprint}: ${header.keyFingerprint ?? 'none'}`,
    '--',
    '-- The schema is not in this file: `npm run netguard -- restore FILE` creates it with',
    "-- NetGuard's migrations up to the level above, loads the tables below in one transaction",
    '-- and then migrates to the running version. The secret key is not in this file either.',
    '--',
    '',
    ...SESSION_SETTINGS,
  ];
  return `${lines.join('\n')}\n`;
}

/** Reads the header from the comment lines at the top of a file. */
export function parseHeader(lines: string[]): DumpHeader {
  if (lines[0] !== DUMP_TITLE)
    throw new DumpError(
      'not a NetGuard backup (its first line is not "-- NetGuard database dump")',
    );
  const values = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const match = /^-- ([^:]+): (.*)$/.exec(line);
    if (match) values.set(match[1]!, match[2]!);
  }
  const field = (name: string) => {
    const value = values.get(name);
    if (value === undefined) throw new DumpError(`the backup's header has no "${name}" line`);
    return value;
  };
  const format = field(FIELDS.format).split(' (')[0]!;
  if (format !== DUMP_FORMAT)
    throw new DumpError(`unknown backup format "${format}" (this NetGuard reads ${DUMP_FORMAT})`);
  const level = /^(\S+) \((\d+)\)$/.exec(field(FIELDS.level));
  if (!level) throw new DumpError(`the backup's migration level is unreadable`);
  const fingerprint = field(FIELDS.keyFingerprint);
  return {
    format,
    version: field(FIELDS.version),
    level: { tag: level[1]!, when: Number(level[2]) },
    takenAt: field(FIELDS.takenAt),
    server: field(FIELDS.server),
    keyFingerprint: fingerprint === 'none' ? null : fingerprint,
  };
}

/** 16 hex digits derived from the secret key: tells whether two keys differ, reveals nothing. */
export function keyFingerprint(secret: string): string {
  return Buffer.from(deriveKey(secret, 'backup-key-fingerprint')).toString('hex').slice(0, 16);
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const IDENT = '"(?:[^"]|"")+"';
const unquote = (quoted: string) => quoted.slice(1, -1).replaceAll('""', '"');

export function copyStatement(table: string, columns: string[]): string {
  return `COPY public.${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM stdin;`;
}

const COPY_LINE = new RegExp(
  `^COPY public\\.(${IDENT}) \\(((?:${IDENT})(?:, ${IDENT})*)\\) FROM stdin;$`,
);

export function parseCopyStatement(line: string): { table: string; columns: string[] } | null {
  const match = COPY_LINE.exec(line);
  if (!match) return null;
  const columns = [...match[2]!.matchAll(new RegExp(IDENT, 'g'))].map((m) => unquote(m[0]));
  return { table: unquote(match[1]!), columns };
}

export function setvalStatement(sequence: string, value: string, called: boolean): string {
  const name = `public.${quoteIdent(sequence)}`.replaceAll("'", "''");
  return `SELECT pg_catalog.setval('${name}', ${value}, ${called});`;
}

// The sequence's quoted name inside a string literal: its single quotes doubled.
const SETVAL_LINE =
  /^SELECT pg_catalog\.setval\('public\.("(?:[^"']|''|"")+")', (-?\d+), (true|false)\);$/;

export function parseSetval(
  line: string,
): { sequence: string; value: string; called: boolean } | null {
  const match = SETVAL_LINE.exec(line);
  if (!match) return null;
  return {
    sequence: unquote(match[1]!.replaceAll("''", "'")),
    value: match[2]!,
    called: match[3] === 'true',
  };
}

export function endLine(tables: number, rows: number, sha256: string): string {
  return `${END_PREFIX}${tables} tables, ${rows} rows, sha256 ${sha256}\n`;
}

export function parseEndLine(
  line: string,
): { tables: number; rows: number; sha256: string } | null {
  const match = /^(\d+) tables, (\d+) rows, sha256 ([0-9a-f]{64})$/.exec(
    line.slice(END_PREFIX.length),
  );
  if (!line.startsWith(END_PREFIX) || !match) return null;
  return { tables: Number(match[1]), rows: Number(match[2]), sha256: match[3]! };
}

/** Writes to a stream with back-pressure, hashing and counting what it writes. */
export class HashingWriter {
  readonly hash = createHash('sha256');
  bytes = 0;
  constructor(private readonly out: Writable) {}

  async write(data: string | Buffer): Promise<void> {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}

const NEWLINE = 0x0a;

/** Counts the newline bytes of a chunk: in COPY text data, one per row. */
export function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

/**
 * The lines of a stream as buffers without their newline. The last one is `complete: false`
 * when the stream does not end with a newline (a file cut short).
 */
export async function* readLines(
  input: Readable,
): AsyncGenerator<{ line: Buffer; complete: boolean }> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const data of input) {
    let chunk = data as Buffer;
    if (rest.length > 0) chunk = Buffer.concat([rest, chunk]);
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      yield { line: chunk.subarray(start, at), complete: true };
      start = at + 1;
    }
    rest = chunk.subarray(start);
  }
  if (rest.length > 0) yield { line: rest, complete: false };
}
