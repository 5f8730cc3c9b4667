// The thin CLI: parses arguments, runs the suite, prints. Everything else is the library.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runSecuritySuite } from './security/suite.ts';
import { passiveSecurityTests, securityTests } from './security/tests/index.ts';
import { USAGE } from './usage.ts';

export { USAGE };

type Io = { out: (text: string) => void; err: (text: string) => void };

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      quick: { type: 'boolean' },
      json: { type: 'boolean' },
      'plain-http': { type: 'string' },
      ca: { type: 'string' },
      budget: { type: 'string' },
    },
  });
  const [command, baseUrl, ...rest] = positionals;
  if (command !== 'security' || !baseUrl || rest.length)
    throw new Error('expected "security <base-url>"');
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${baseUrl} is not an http(s) URL`);
  const budget = values.budget === undefined ? undefined : Number(values.budget);
  if (budget !== undefined && !(Number.isInteger(budget) && budget > 0))
    throw new Error('--budget is a positive integer');
  return { baseUrl: url.origin, values, budget };
}

/** Runs the CLI; returns the exit code. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(USAGE);
    return 0;
  }
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    io.err(`netguard-selftest: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values } = args;
  const run = await runSecuritySuite({
    baseUrl: args.baseUrl,
    plainHttpUrl: values['plain-http'],
    ca: values.ca ? readFileSync(values.ca, 'utf8') : undefined,
    requestBudget: args.budget,
    tests: values.quick ? passiveSecurityTests : securityTests,
  });
  if (values.json) io.out(`${JSON.stringify(run, null, 2)}\n`);
  else {
    for (const r of run.results)
      io.out(
        `${r.state.toUpperCase().padEnd(12)} ${r.testId.padEnd(30)} ${r.outcome?.reason ?? ''}\n`,
      );
    const { observatory, sslLabs, asvs } = run.scores;
    io.out(
      `\n${run.totals.passedTests} passed, ${run.totals.failedTests} failed, ${run.totals.inconclusiveTests} inconclusive, ${run.requestsSent} requests\n`,
    );
    io.out(
      `Observatory: ${'score' in observatory ? `${observatory.score} (${observatory.grade})` : observatory.reason}\n`,
    );
    io.out(
      `TLS: ${'score' in sslLabs ? `${sslLabs.grade} (${sslLabs.score}${sslLabs.caps.length ? `; ${sslLabs.caps.join(', ')}` : ''})` : sslLabs.reason}\n`,
    );
    io.out(`ASVS 5.0 level 1: ${asvs.checked} of ${asvs.total} checked, ${asvs.passed} passed\n`);
  }
  return run.totals.passedTests === run.totals.totalTests ? 0 : 1;
}
