import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createCaptureReader } from '../reader/index.ts';
import type { Frame } from '../types.ts';
import { CAPTURE_MESSAGES } from './messages.ts';
import { collectText, findTcpdump, supportsImmediateMode, tcpdumpMessage } from './tcpdump.ts';

/** After SIGTERM, tcpdump gets this long to flush and exit before SIGKILL. */
const KILL_AFTER_MS = 2000;

export type LiveCaptureOptions = {
  interface: string;
  /** A tcpdump (BPF) capture filter; empty or absent captures everything. */
  bpf?: string;
  snapLength?: number;
  /** The capture stops by itself after this long. */
  maxSeconds: number;
  signal?: AbortSignal;
  tcpdumpPath?: string;
};

export type LiveCapture = {
  /** Frames as tcpdump captures them; ends when the capture ends (it never throws: see `ended`). */
  frames: AsyncIterable<Frame>;
  /** Stops the capture (tcpdump gets SIGTERM, then SIGKILL); `ended` then gives reason null. */
  stop(): void;
  /** Resolves when tcpdump has exited: reason null when stopped on request, else why it ended. */
  ended: Promise<{ reason: string | null }>;
};

type Tcpdump = ChildProcessByStdio<null, Readable, Readable>;

/** Captures live with `tcpdump -U -w -` on an interface, streaming its pcap output as frames. */
export function startLiveCapture(options: LiveCaptureOptions): LiveCapture {
  // The first request to end the capture (stop, abort, time limit) names the reason.
  let cause: { reason: string | null } | null = null;
  let readerError: string | null = null;
  let child: Tcpdump | null = null;
  let killTimer: NodeJS.Timeout | undefined;
  const terminate = () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    killTimer ??= setTimeout(() => child?.kill('SIGKILL'), KILL_AFTER_MS);
  };
  const end = (reason: string | null) => {
    cause ??= { reason };
    terminate();
  };
  const stop = () => end(null);

  const started = launch(options, () => cause !== null);
  const ended = started.then(async (launched) => {
    if (typeof launched === 'string') {
      options.signal?.removeEventListener('abort', stop);
      return { reason: cause ? cause.reason : launched };
    }
    child = launched.child;
    if (cause) terminate();
    // setTimeout fires at once past 2^31 - 1 ms (24.8 days).
    const limitMs = Math.min(options.maxSeconds * 1000, 2 ** 31 - 1);
    const limit = setTimeout(() => end(CAPTURE_MESSAGES.timeLimit(options.maxSeconds)), limitMs);
    const result = await exited(launched.child);
    clearTimeout(limit);
    clearTimeout(killTimer);
    options.signal?.removeEventListener('abort', stop);
    if (cause) return { reason: cause.reason };
    const own = tcpdumpMessage(launched.stderr());
    return { reason: own || (result.code === 0 && readerError) || describeExit(result) };
  });
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener('abort', stop, { once: true });

  async function* output(): AsyncGenerator<Uint8Array> {
    const launched = await started;
    if (typeof launched !== 'string') yield* launched.child.stdout;
  }

  async function* frames(): AsyncGenerator<Frame> {
    let finished = false;
    try {
      yield* createCaptureReader(output()).frames();
      finished = true;
    } catch (error) {
      // Unreadable output ends the capture; a record cut short by a stop is no news.
      finished = true;
      readerError = error instanceof Error ? error.message : String(error);
      terminate();
    } finally {
      // A consumer that stops reading early stops the capture.
      if (!finished) stop();
    }
  }

  return { frames: frames(), stop, ended };
}

/** Spawns tcpdump, or says why it could not (a message). */
async function launch(
  options: LiveCaptureOptions,
  cancelled: () => boolean,
): Promise<{ child: Tcpdump; stderr: () => string } | string> {
  const tcpdump = await findTcpdump(options.tcpdumpPath);
  if (!tcpdump) return CAPTURE_MESSAGES.tcpdumpMissing;
  const immediate = await supportsImmediateMode(tcpdump);
  if (cancelled()) return 'The capture was stopped before it started';
  const args = [
    '-i',
    options.interface,
    '-U',
    '-n',
    '-s',
    String(options.snapLength ?? 262_144),
    // A 32 MiB kernel buffer (the default 2 MiB dropped about a third of fast loopback traffic).
    '-B',
    '32768',
    '-w',
    '-',
  ];
  if (immediate) args.push('--immediate-mode');
  // `--` ends the options, so a filter can never be read as one.
  if (options.bpf?.trim()) args.push('--', options.bpf);
  try {
    const child = spawn(tcpdump, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    return { child, stderr: collectText(child.stderr) };
  } catch (error) {
    // spawn throws at once on arguments it refuses, such as a NUL byte in the filter.
    return `tcpdump could not be started: ${error instanceof Error ? error.message : String(error)}`;
  }
}

type Exit = { code: number | null; signal: NodeJS.Signals | null; error?: Error };

/**
 * Resolves once tcpdump has exited and its stderr is read. Not on 'close': that also waits for
 * stdout, which stays open while nobody reads the frames.
 */
function exited(child: Tcpdump): Promise<Exit> {
  const stderrDone = new Promise((resolve) => child.stderr.once('close', resolve));
  const exit = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A spawn failure emits 'error' and no 'exit'.
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  return Promise.all([exit, stderrDone]).then(([result]) => result);
}

function describeExit(result: Exit): string {
  if (result.error) return `tcpdump could not be started: ${result.error.message}`;
  if (result.signal) return `tcpdump was killed by ${result.signal}`;
  return `tcpdump stopped by itself (exit code ${result.code})`;
}
