// Real captures for the tests: tcpdump on the loopback interface writing a temporary pcap file,
// limited by a BPF filter to the test's own addresses, stopped with SIGINT so it flushes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const TCPDUMP = '/usr/bin/tcpdump';
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
const SETTLE_TIMEOUT_MS = 3_000;
/** Longest a test capture may run: tcpdump stops itself after this, whatever the test does. */
const MAX_CAPTURE_SECONDS = 60;

export type TestCapture = {
  /** The pcap file; it exists until `remove()`. */
  file: string;
  /** Stops tcpdump (SIGINT) and waits until it has written everything. */
  stop(): Promise<void>;
  /** Stops if needed and deletes the file. */
  remove(): Promise<void>;
};

export type TestCaptureOptions = {
  /**
   * BPF filter naming the file's own addresses, e.g. `host ${testResources().host(1)}`; required
   * so a test only sees its own traffic.
   */
  filter: string;
  /** 'lo' (default) or 'any' (Linux cooked capture). */
  interface?: 'lo' | 'any';
  /** tcpdump -y, e.g. LINUX_SLL for cooked v1 on 'any'. */
  linkType?: string;
};

// On SIGINT tcpdump drops what it has not read yet, and a loaded machine makes it lag: wait
// until the file has stopped growing for a moment (-U writes each packet as it is read).
async function settled(file: string): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let size = -1;
  let still = 0;
  while (Date.now() < deadline && still < 4) {
    const now = existsSync(file) ? statSync(file).size : 0;
    still = now === size ? still + 1 : 0;
    size = now;
    await sleep(50);
  }
}

/** Starts tcpdump and resolves once it reports "listening". */
export async function startTestCapture(options: TestCaptureOptions): Promise<TestCapture> {
  const dir = mkdtempSync(join(tmpdir(), 'netguard-capture-'));
  const file = join(dir, 'capture.pcap');
  // Immediate mode: packets reach the file at once, not when the kernel's ring block is retired
  // (up to a second later, after a SIGINT has already ended the capture). Its ring is small:
  // without a 16 MiB buffer, -i any drops a packet or two of a burst.
  const args = [
    '-i',
    options.interface ?? 'lo',
    '--immediate-mode',
    '-B',
    '16384',
    '-U',
    '-n',
    '-w',
    file,
  ];
  if (options.linkType) args.push('-y', options.linkType);
  // timeout(1) stops tcpdump by itself even if the test process dies; it passes our SIGINT on.
  // Its own process group lets a stuck capture be killed whole.
  const child = spawn(
    'timeout',
    ['-s', 'INT', '-k', '5', String(MAX_CAPTURE_SECONDS), TCPDUMP, ...args, options.filter],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`tcpdump did not start listening:\n${log}`)),
      START_TIMEOUT_MS,
    );
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tcpdump exited with code ${code}:\n${log}`));
    });
  });
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      await settled(file);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(
        () => child.pid && process.kill(-child.pid, 'SIGKILL'),
        STOP_TIMEOUT_MS,
      );
      await exited;
      clearTimeout(timer);
    })();
    return stopped;
  };
  return {
    file,
    stop,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
