// netguard-cloud: parses the arguments, reads the provider's credentials from the environment,
// runs its scanner and prints the results as JSON lines, SARIF or OCSF.
import { type CliArgs, type Output, parseArgs, UsageError } from './cli-args.ts';
import { CREDENTIALS_FROM_ENV, MissingCredentials } from './env.ts';
import { overallStatus } from './output/common.ts';
import { toJsonLines } from './output/jsonl.ts';
import { toOcsf } from './output/ocsf.ts';
import { toSarif } from './output/sarif.ts';
import { SCANNERS } from './providers.ts';
import { selectChecks, UnknownCheck } from './select.ts';
import {
  type CheckMeta,
  type Provider,
  type Scanner,
  type ScanResult,
  type ScanStatus,
  VerificationFailed,
} from './types.ts';
import { USAGE } from './usage.ts';

export const VERSION = '0.1.0';

export type Io = {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
};

const EXIT: Record<ScanStatus, number> = { passed: 0, failed: 1, partial: 3 };

function render(output: Output, results: ScanResult[], checks: CheckMeta[]): string {
  if (output === 'sarif') return `${JSON.stringify(toSarif(results, checks), null, 2)}\n`;
  const lines =
    output === 'ocsf'
      ? toOcsf(results, checks, VERSION).map((e) => JSON.stringify(e))
      : toJsonLines(results, checks);
  return `${lines.join('\n')}\n`;
}

function checksOf(args: CliArgs, scanner: Scanner<Provider>): string[] {
  const ofService = args.service
    ? scanner.checks.filter((c) => c.service === args.service)
    : scanner.checks;
  if (!ofService.length)
    throw new UsageError(`No ${args.provider} checks for service ${args.service}`);
  return selectChecks(ofService, args.checks);
}

async function run(args: CliArgs, io: Io): Promise<number> {
  const scanner = SCANNERS[args.provider] as Scanner<Provider>;
  if (args.listChecks) {
    io.out(`${scanner.checks.map((c) => JSON.stringify(c)).join('\n')}\n`);
    return 0;
  }
  const checks = checksOf(args, scanner);
  const credentials = CREDENTIALS_FROM_ENV[args.provider](io.env, args.endpoint);
  const results = await scanner.scan(credentials as never, {
    checks,
    ...(args.regions.length ? { regions: args.regions } : {}),
    onProgress: (p) => io.err(`[${p.done}/${p.total}] ${p.phase}\n`),
  });
  io.out(render(args.output, results, scanner.checks));
  return EXIT[overallStatus(results)];
}

/** Runs the CLI; resolves to the exit status. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  if (!argv.length) {
    io.err(USAGE);
    return 2;
  }
  try {
    return await run(parseArgs(argv), io);
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof UnknownCheck ||
      error instanceof MissingCredentials
    ) {
      io.err(`netguard-cloud: ${error.message}\n`);
      return 2;
    }
    if (error instanceof VerificationFailed) {
      io.err(`netguard-cloud: the credentials were refused: ${error.message}\n`);
      return 3;
    }
    throw error;
  }
}
