import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  copyStatement,
  DUMP_FORMAT,
  DumpError,
  endLine,
  headerText,
  keyFingerprint,
  parseCopyStatement,
  parseEndLine,
  parseHeader,
  parseSetval,
  readLines,
  setvalStatement,
} from './dump-format.ts';

describe('NetGuard dump lines', () => {
  it('reads back the COPY and setval lines it writes, odd names included', () => {
    const columns = ['id', 'to', 'say "hi"', "it's"];
    const line = copyStatement('mail "outbox"', columns);
    expect(line).toBe(
      'COPY public."mail ""outbox""" ("id", "to", "say ""hi""", "it\'s") FROM stdin;',
    );
    expect(parseCopyStatement(line)).toEqual({ table: 'mail "outbox"', columns });
    expect(
      parseCopyStatement('COPY public."users" ("id") FROM stdin; DROP TABLE users;'),
    ).toBeNull();
    expect(parseCopyStatement('COPY public.users (id) FROM stdin;')).toBeNull();

    const setval = setvalStatement('o\'dd "seq"', '42', true);
    expect(setval).toBe(`SELECT pg_catalog.setval('public."o''dd ""seq"""', 42, true);`);
    expect(parseSetval(setval)).toEqual({ sequence: 'o\'dd "seq"', value: '42', called: true });
    expect(parseSetval('SELECT pg_catalog.setval(\'public."s"\', 1, true); select 1;')).toBeNull();

    const end = endLine(3, 7, 'a'.repeat(64));
    expect(parseEndLine(end.trimEnd())).toEqual({ tables: 3, rows: 7, sha256: 'a'.repeat(64) });
    expect(parseEndLine('-- NetGuard dump complete: 3 tables')).toBeNull();
  });

  it('parses its header and names what is wrong with another file', () => {
    const header = {
      format: DUMP_FORMAT,
      version: '0.1.0',
      level: { tag: '0011_issue17_hardening', when: 1795699185848 },
      takenAt: '2026-11-01T00:00:00.000Z',
      server: 'PostgreSQL 18.4',
      keyFingerprint: keyFingerprint('a-secret-key-of-some-length'),
    };
    const lines = headerText(header)
      .split('\n')
      .filter((l) => l.startsWith('--'));
    expect(parseHeader(lines)).toEqual(header);
    expect(keyFingerprint('another-secret-key-entirely')).not.toBe(header.keyFingerprint);
    expect(() => parseHeader(['-- PostgreSQL database dump'])).toThrow(DumpError);
    expect(() => parseHeader(lines.map((l) => l.replace(DUMP_FORMAT, 'netguard-dump 9')))).toThrow(
      'unknown backup format "netguard-dump 9"',
    );
  });

  it('splits a stream into lines across chunk boundaries and flags a last line cut short', async () => {
    const input = Readable.from([
      Buffer.from('one\ntw'),
      Buffer.from('o\n\nthr'),
      Buffer.from('ee'),
    ]);
    const lines = [];
    for await (const { line, complete } of readLines(input)) lines.push([String(line), complete]);
    expect(lines).toEqual([
      ['one', true],
      ['two', true],
      ['', true],
      ['three', false],
    ]);
  });
});
