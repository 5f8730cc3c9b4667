// Arguments of the netguard-packets CLI: a command, a capture file and tshark-like options.
import { parseArgs } from 'node:util';
import { parseDecodeAs } from './dissect/index.ts';

export const USAGE = `Usage: netguard-packets <command> <file> [options]

Commands:
  count <file>    print the number of packets (matching -Y) as the last line
  stats <file>    print the protocol distribution, top hosts and conversations as JSON
  read <file>     print one line per packet, like tshark: number, time, source → destination,
                  protocol, length, info

Options:
  -Y, --filter <filter>      display filter, Wireshark syntax: "tcp.port == 80 && ip.addr == 127.0.0.1"
  -d, --decode-as <rule>     decode a port as a protocol, like tshark: tcp.port==8080,http
                             (dns, http, tls, ssh, ftp, dhcp); repeatable
      --json                 read: one JSON packet per line instead of text
      --top <n>              stats: how many top hosts (default 5)
  -h, --help                 show this help

Exit codes: 0 done, 1 corrupt capture, unreadable file or bad filter, 2 usage error.
`;

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
