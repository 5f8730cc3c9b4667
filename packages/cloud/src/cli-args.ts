// Parses netguard-cloud's arguments; a mistake is a UsageError (exit status 2).
import { PROVIDERS, type Provider } from './types.ts';

export const OUTPUTS = ['jsonl', 'sarif', 'ocsf'] as const;
export type Output = (typeof OUTPUTS)[number];

export type CliArgs = {
  provider: Provider;
  regions: string[];
  checks: string[];
  service?: string;
  output: Output;
  endpoint?: string;
  listChecks: boolean;
};

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function parseArgs(argv: readonly string[]): CliArgs {
  const [provider, ...rest] = argv;
  if (!PROVIDERS.includes(provider as Provider))
    throw new UsageError(
      `Name the provider first: ${PROVIDERS.join(', ')} (got ${provider ?? 'nothing'})`,
    );
  const args: CliArgs = {
    provider: provider as Provider,
    regions: [],
    checks: [],
    output: 'jsonl',
    listChecks: false,
  };
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i] as string;
    if (flag === '--list-checks') {
      args.listChecks = true;
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith('-')) throw new UsageError(`${flag} needs a value`);
    i += 1;
    if (flag === '--region') args.regions.push(...list(value));
    else if (flag === '--checks') args.checks.push(...list(value));
    else if (flag === '--service') args.service = value;
    else if (flag === '--endpoint') args.endpoint = endpointOf(value);
    else if (flag === '-o' || flag === '--output') {
      if (!OUTPUTS.includes(value as Output))
        throw new UsageError(`-o takes ${OUTPUTS.join(', ')} (got ${value})`);
      args.output = value as Output;
    } else throw new UsageError(`Unknown option ${flag}`);
  }
  return args;
}

function endpointOf(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {}
  throw new UsageError(`--endpoint takes an http(s) URL (got ${value})`);
}
