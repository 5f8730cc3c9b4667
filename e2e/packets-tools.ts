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

/**
 * Runs tcpdump on `lo` with `bpf` while `traffic` runs, then stops it with SIGINT as a person
 * would (SIGKILL after 5 s if it hangs). The capture comes through stdout into `file`, because
 * tcpdump drops root for the `tcpdump` user before it opens a file of its own; immediate mode,
 * because packets otherwise wait up to a second in the kernel's buffer and SIGINT loses them.
 */
export async function captureLoopback(
  file: string,
  bpf: string,
  traffic: () => Promise<void>,
): Promise<void> {
  const tcpdump = spawn('tcpdump', ['-i', 'lo', '--immediate-mode', '-U', '-n', '-w', '-', bpf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(file);
  tcpdump.stdout?.pipe(out);
  const written = once(out, 'close');
  try {
    await waitForListening(tcpdump);
    await traffic();
    // Lets the last FIN/ACK reach the capture before it stops.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    const exited = once(tcpdump, 'exit');
    tcpdump.kill('SIGINT');
    const killer = setTimeout(() => tcpdump.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
    await written;
  }
}

/** Frames in a capture file as tshark counts them, optionally under a display filter. */
export function tsharkCount(file: string, displayFilter?: string): number {
  const args = ['-r', file, '-T', 'fields', '-e', 'frame.number'];
  if (displayFilter) args.push('-Y', displayFilter);
  const out = execFileSync('tshark', args, { encoding: 'utf8', timeout: 30_000 });
  return out.split('\n').filter((line) => line.trim() !== '').length;
}
