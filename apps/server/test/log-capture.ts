import { createLogger, type Logger } from '../src/lib/logger.ts';

export type LogLine = { level: number; msg?: string; reqId?: string; [key: string]: unknown };

/** A logger whose JSON lines are kept in `lines` (parsed) instead of printed. */
export function captureLogs(level = 'debug'): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = createLogger(level, {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
    },
  });
  return { log, lines };
}

/** The JSON log lines in a process's output (other lines skipped). */
export function parseLogLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}
