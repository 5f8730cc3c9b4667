import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** Where tcpdump lives when a service's PATH lacks the sbin folders. */
const EXTRA_DIRS = ['/usr/sbin', '/usr/bin', '/sbin', '/bin'];
/** tcpdump's text output is read for messages and lists only: more than this is noise. */
const MAX_TEXT = 64 * 1024;

/** The tcpdump executable: `tcpdumpPath` when given, else the first on PATH; null when absent. */
export async function findTcpdump(tcpdumpPath?: string): Promise<string | null> {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const candidates = tcpdumpPath
    ? [tcpdumpPath]
    : [...dirs, ...EXTRA_DIRS].map((d) => join(d, 'tcpdump'));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

export type TcpdumpRun = { code: number | null; stdout: string; stderr: string };

/** Runs tcpdump to completion (killed after `timeoutMs`), collecting its output. */
export function runTcpdump(path: string, args: string[], timeoutMs = 5000): Promise<TcpdumpRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = collectText(child.stdout);
    const stderr = collectText(child.stderr);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: stdout(), stderr: stderr() });
    });
  });
}

/** Collects a stream's text up to a bound; call the result for what arrived so far. */
export function collectText(stream: NodeJS.ReadableStream): () => string {
  let text = '';
  stream.on('data', (d: Buffer) => {
    if (text.length < MAX_TEXT) text += d;
  });
  return () => text;
}

/**
 * tcpdump's error as one line: its stderr without the progress lines it always prints
 * ("listening on ...", packet counts).
 */
export function tcpdumpMessage(stderr: string): string {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) =>
        line && !/^tcpdump: listening on |^\d+ packets? (captured|received|dropped)/.test(line),
    )
    .join(' ');
}

const immediateMode = new Map<string, Promise<boolean>>();

/** Whether this tcpdump knows --immediate-mode (4.7 and later), asked once per executable. */
export function supportsImmediateMode(path: string): Promise<boolean> {
  let known = immediateMode.get(path);
  if (!known) {
    known = runTcpdump(path, ['--help']).then(
      (run) => `${run.stdout}${run.stderr}`.includes('--immediate-mode'),
      () => false,
    );
    immediateMode.set(path, known);
  }
  return known;
}
