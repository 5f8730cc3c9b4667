// The log of a dry run, an apply or a rollback: every command with what it answered.
import { RemediationError, type RemediationErrorCode, type StepLog } from '../execution.ts';
import { quoteShell } from '../render/shell.ts';
import type { ExecOptions, ExecResult, HostConnection } from './connection.ts';

/** A shell word: as is when it needs no quoting (so the log reads naturally), else quoted. */
export const arg = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : quoteShell(word));

const MAX_OUTPUT = 4000;

/** Output as the log keeps it: stdout and stderr, trimmed, long ones cut with a note. */
export function clip(text: string): string {
  const t = text.trim();
  return t.length <= MAX_OUTPUT
    ? t
    : `${t.slice(0, MAX_OUTPUT)}\n… (${t.length - MAX_OUTPUT} more characters)`;
}

export type Steps = {
  log: StepLog[];
  note(step: string, ok: boolean, output?: string): void;
  /** Runs and logs a command ("$ command" as the step); failures are logged, not thrown. */
  run(command: string, options?: ExecOptions): Promise<ExecResult>;
  /** Runs a command that must succeed: otherwise throws with `code` (command_failed by default). */
  must(
    command: string,
    options?: ExecOptions & { code?: RemediationErrorCode },
  ): Promise<ExecResult>;
  fail(code: RemediationErrorCode, message: string): never;
};

export function steps(conn: HostConnection, log: StepLog[] = []): Steps {
  const self: Steps = {
    log,
    note(step, ok, output) {
      log.push({
        at: new Date().toISOString(),
        step,
        ok,
        ...(output ? { output: clip(output) } : {}),
      });
    },
    async run(command, options) {
      const r = await conn.exec(command, options);
      const output = [r.stdout.trim(), r.stderr.trim()].filter(Boolean).join('\n');
      self.note(
        `$ ${command}`,
        r.code === 0,
        r.code === 0 ? output : `exit ${r.code}${output ? `\n${output}` : ''}`,
      );
      return r;
    },
    async must(command, options = {}) {
      const r = await self.run(command, options);
      if (r.code !== 0)
        self.fail(
          options.code ?? 'command_failed',
          `${command} failed (exit ${r.code}): ${(r.stderr || r.stdout).trim().slice(0, 500)}`,
        );
      return r;
    },
    fail(code, message) {
      throw new RemediationError(code, message, log);
    },
  };
  return self;
}
