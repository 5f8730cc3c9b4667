import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestContext } from './helpers.ts';

const run = promisify(execFile);
/** The compiled command line, as `npm run netguard` runs it (built by the global setup). */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs `netguard <args>` (the compiled apps/server/src/cli.ts) against the test's database. */
export function netguard(
  ctx: TestContext,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  return netguardWith(args, { DATABASE_URL: ctx.url, ...env });
}

/** Runs `netguard <args>` with `env` on top of the test process's (an empty value unsets). */
export function netguardWith(args: string[], env: Record<string, string>): Promise<CliResult> {
  return run(process.execPath, [CLI, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  }).then(
    (out) => ({ code: 0, ...out }),
    (error: CliResult) => error,
  );
}
