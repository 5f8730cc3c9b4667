import { z } from 'zod';
import { assess } from './assess.ts';
import { ZAssessInput } from './input.ts';
import { USAGE } from './usage.ts';

export { USAGE };

type Io = { out: (text: string) => void; err: (text: string) => void };

/** Runs the CLI on `argv` with `input` as standard input; returns the exit code. */
export function runCli(argv: string[], input: string, io: Io): number {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (argv[0] !== 'assess' || argv.length > 1) {
    io.err(`netguard-risk: expected the command "assess"\n\n${USAGE}`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(input);
  } catch (error) {
    io.err(`netguard-risk: standard input is not JSON: ${(error as Error).message}\n`);
    return 2;
  }
  const parsed = (Array.isArray(json) ? z.array(ZAssessInput) : ZAssessInput).safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(input)'}: ${i.message}`,
    );
    io.err(`netguard-risk: invalid input: ${problems.join('; ')}\n`);
    return 2;
  }
  const result = Array.isArray(parsed.data) ? parsed.data.map(assess) : assess(parsed.data);
  io.out(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}
