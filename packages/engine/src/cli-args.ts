import { parseArgs } from 'node:util';
import { parsePorts, topPorts } from '@netguard/contracts';
import type { EngineOptions } from './port-engine.ts';
import { USAGE } from './usage.ts';

export { USAGE };

export type CliConfig = {
  targets: string;
  output: 'jsonl' | 'nmap-xml' | 'sarif';
  udp: boolean;
  engine: EngineOptions;
};

const positiveInt = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} must be a positive integer, got "${value}"`);
  return n;
};

/** Parses argv into engine options; throws an Error whose message is fit to print. */
export function parseCliArgs(argv: string[]): CliConfig | 'help' {
  const normalised = argv.map((a) => (a === '-Pn' ? '--skip-discovery' : a));
  const { values, positionals } = parseArgs({
    args: normalised,
    allowPositionals: true,
    options: {
      ports: { type: 'string', short: 'p' },
      'top-ports': { type: 'string' },
      run: { type: 'string' },
      checks: { type: 'string' },
      udp: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
      rate: { type: 'string' },
      timeout: { type: 'string' },
      concurrency: { type: 'string' },
      threads: { type: 'string' },
      allow: { type: 'string' },
      deny: { type: 'string' },
      advisories: { type: 'string' },
      'skip-discovery': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length === 0)
    throw new Error('No targets given. Try: netguard-scan 127.0.0.1 -p 1-1024');
  const output = values.output ?? 'jsonl';
  if (output !== 'jsonl' && output !== 'nmap-xml' && output !== 'sarif') {
    throw new Error(`Unknown output format "${output}": use jsonl, nmap-xml or sarif`);
  }
  const run = values.run ?? 'all';
  if (run !== 'ports' && run !== 'services' && run !== 'all') {
    throw new Error(`Unknown --run "${run}": use ports, services or all`);
  }
  if (run !== 'all' && values.checks !== undefined) {
    throw new Error(`--checks runs checks, which --run ${run} leaves out: use --run all`);
  }
  const top = positiveInt('top-ports', values['top-ports']);
  const list = (v: string | undefined) =>
    v
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    targets: positionals.join(','),
    output,
    udp: Boolean(values.udp),
    engine: {
      ports: top ? topPorts(top) : parsePorts(values.ports ?? 'top1000'),
      checks: run === 'all' ? (values.checks ?? 'all') : 'none',
      portsOnly: run === 'ports',
      rate: positiveInt('rate', values.rate),
      timeoutMs: positiveInt('timeout', values.timeout),
      concurrency: positiveInt('concurrency', values.concurrency),
      threads: positiveInt('threads', values.threads),
      skipDiscovery: Boolean(values['skip-discovery']),
      advisoriesFile: values.advisories,
      udp: Boolean(values.udp),
      scope: { allow: list(values.allow), deny: list(values.deny) },
    },
  };
}
