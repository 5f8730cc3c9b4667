// Arguments of the netguard-packets CLI: a command, a capture file and tshark-like options.
import { parseArgs } from 'node:util';
import { parseDecodeAs } from './dissect/index.ts';
import { USAGE } from './usage.ts';

export { USAGE };

export type CliCommand = 'count' | 'stats' | 'read';

export type CliConfig = {
  command: CliCommand;
  file: string;
  filter: string;
  decodeAs: string[];
  json: boolean;
  topHosts: number | undefined;
};

const COMMANDS: readonly string[] = ['count', 'stats', 'read'];

/** Parses argv; throws an Error whose message is fit to print, or returns 'help'. */
export function parseCliArgs(argv: string[]): CliConfig | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      filter: { type: 'string', short: 'Y' },
      'decode-as': { type: 'string', short: 'd', multiple: true },
      json: { type: 'boolean' },
      top: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const [command, file, ...extra] = positionals;
  if (!command) throw new Error('a command is required: count, stats or read');
  if (!COMMANDS.includes(command))
    throw new Error(`unknown command "${command}" (use count, stats or read)`);
  if (!file) throw new Error(`${command} needs a capture file`);
  if (extra.length > 0) throw new Error(`unexpected argument "${extra[0]}"`);
  const decodeAs = values['decode-as'] ?? [];
  for (const rule of decodeAs) parseDecodeAs(rule);
  let topHosts: number | undefined;
  if (values.top !== undefined) {
    topHosts = Number(values.top);
    if (!Number.isInteger(topHosts) || topHosts < 1)
      throw new Error(`--top must be a positive integer, got "${values.top}"`);
  }
  return {
    command: command as CliCommand,
    file,
    filter: values.filter ?? '',
    decodeAs,
    json: values.json ?? false,
    topHosts,
  };
}
