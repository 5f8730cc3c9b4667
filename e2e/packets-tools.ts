import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import http from 'node:http';

/** A small HTTP server on a loopback address: the traffic the packet specs capture. */
export async function startLoopbackHttp(host: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    res.end(`packets spec says hello to ${req.url}\n`);
  });
  server.listen(port, host);
  await once(server, 'listening');
  return server;
}

/** `count` GET requests to a loopback URL; the server closes each connection after it. */
export async function makeRequests(base: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    const response = await fetch(`${base}/hello-${i}`, { signal: AbortSignal.timeout(5_000) });
    await response.text();
  }
}

async function waitForListening(tcpdump: ChildProcess): Promise<void> {
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tcpdump did not start: ${stderr}`)), 10_000);
    tcpdump.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    tcpdump.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tcpdump exited with ${code}: ${stderr}`));
    });
  });
}

/** Resolves once `bytes()` has not grown for `quietMs` (at most `maxMs` in all). */
async function untilQuiet(bytes: () => number, quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let seen = bytes();
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (bytes() !== seen) {
      seen = bytes();
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}

/** How many times a capture the kernel dropped packets from is taken again (the traffic replayed). */
const CAPTURE_ATTEMPTS = 3;

/**
 * Runs tcpdump on `lo` with `bpf` while `traffic` runs, then stops it with SIGINT as a person
 * would (SIGKILL after 5 s if it hangs). The capture comes through stdout into `file`, because
 * tcpdump drops root for the `tcpdump` user before it opens a file of its own; immediate mode,
 * because packets otherwise wait up to a second in the kernel's buffer and SIGINT loses them.
 * It stops once the capture has been quiet for a second (the last FIN/ACK is in: on a loaded
 * machine tcpdump may read its ring buffer late). A capture the kernel dropped packets from is
 * incomplete: it is taken again with the traffic replayed (`traffic` must be repeatable), at most
 * three times, and then fails naming the count.
 */
export async function captureLoopback(
  file: string,
  bpf: string,
  traffic: () => Promise<void>,
): Promise<void> {
  let stderr = '';
  for (let attempt = 1; attempt <= CAPTURE_ATTEMPTS; attempt++) {
    stderr = await captureOnce(file, bpf, traffic);
    if (droppedIn(stderr) === 0) return;
    console.info(
      `capture ${attempt}: the kernel dropped ${droppedIn(stderr)} packets, taken again`,
    );
  }
  throw new Error(`tcpdump: the kernel dropped ${droppedIn(stderr)} packets: ${stderr}`);
}

const droppedIn = (stderr: string) =>
  Number(/(\d+) packets? dropped by kernel/.exec(stderr)?.[1] ?? 0);

/** One capture; tcpdump's closing statistics (stderr). A 32 MiB buffer keeps drops rare. */
async function captureOnce(file: string, bpf: string, traffic: () => Promise<void>) {
  const tcpdump = spawn(
    'tcpdump',
    ['-i', 'lo', '--immediate-mode', '-B', '32768', '-U', '-n', '-w', '-', bpf],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let bytes = 0;
  let stderr = '';
  tcpdump.stdout?.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  tcpdump.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const out = createWriteStream(file);
  tcpdump.stdout?.pipe(out);
  const written = once(out, 'close');
  try {
    await waitForListening(tcpdump);
    await traffic();
    await untilQuiet(() => bytes, 1_000, 15_000);
  } finally {
    const exited = once(tcpdump, 'exit');
    tcpdump.kill('SIGINT');
    const killer = setTimeout(() => tcpdump.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
    await written;
  }
  return stderr;
}

/** Frames in a capture file as tshark counts them, optionally under a display filter. */
export function tsharkCount(file: string, displayFilter?: string): number {
  const args = ['-r', file, '-T', 'fields', '-e', 'frame.number'];
  if (displayFilter) args.push('-Y', displayFilter);
  const out = execFileSync('tshark', args, { encoding: 'utf8', timeout: 30_000 });
  return out.split('\n').filter((line) => line.trim() !== '').length;
}
