// tshark's reading of a capture file, as the reference our dissection is compared with.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const TSHARK = '/usr/bin/tshark';
const run = promisify(execFile);

/**
 * Field values per frame (`-T fields`), tab-separated in tshark; multiple occurrences of a field
 * are comma-joined. `-n`: no name resolution, so reading never sends a DNS query.
 */
export async function tsharkFields(
  file: string,
  fields: string[],
  options: { decodeAs?: string[]; filter?: string } = {},
): Promise<string[][]> {
  const args = ['-n', '-r', file, '-T', 'fields', '-E', 'separator=/t', '-E', 'occurrence=a'];
  for (const rule of options.decodeAs ?? []) args.push('-d', rule);
  if (options.filter) args.push('-Y', options.filter);
  for (const field of fields) args.push('-e', field);
  const { stdout } = await run(TSHARK, args, { maxBuffer: 256 * 1024 * 1024, timeout: 60_000 });
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

export type TsharkColumns = {
  number: number;
  source: string;
  destination: string;
  protocol: string;
  info: string;
};

/** tshark's Source, Destination, Protocol and Info columns of every frame. */
export async function tsharkColumns(
  file: string,
  decodeAs: string[] = [],
): Promise<TsharkColumns[]> {
  const rows = await tsharkFields(
    file,
    ['frame.number', '_ws.col.Source', '_ws.col.Destination', '_ws.col.Protocol', '_ws.col.Info'],
    { decodeAs },
  );
  return rows.map(([number = '', source = '', destination = '', protocol = '', info = '']) => ({
    number: Number(number),
    source,
    destination,
    protocol,
    info,
  }));
}
