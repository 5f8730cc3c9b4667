import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { Account, TestContext } from './helpers.ts';

/** A fresh data dir for one test file's capture files. */
export function makeDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'netguard-packets-'));
}

/** An HTTP server on 127.0.0.1 (a free port) answering every request with `body` (a short page). */
export async function serveHttp(body: string | Buffer = 'hello from the packets test\n') {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** GET /page/<first>... /page/<first + count - 1> on 127.0.0.1:port, one connection each, in turn. */
export async function httpRequests(port: number, count: number, first = 0): Promise<void> {
  for (let i = first; i < first + count; i++) {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: `/page/${i}`, agent: false, timeout: 5_000 },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error('request timed out')));
    });
  }
}

/**
 * Captures on `lo` into `file` with tcpdump while `traffic` runs: waits until tcpdump listens,
 * then stops it with SIGINT so it flushes (SIGKILL if it has not exited 5 s later).
 */
export async function captureOnLo(file: string, bpf: string, traffic: () => Promise<void>) {
  // Immediate mode: without it, packets of the last second wait in the kernel's ring buffer
  // and are lost when tcpdump is interrupted. A 32 MB buffer: with the default 2 MB, a busy
  // machine drops bursts of loopback traffic ("packets dropped by kernel").
  const args = ['-i', 'lo', '-U', '-n', '--immediate-mode', '-B', '32768', '-w', file, bpf];
  const tcpdump = spawn('tcpdump', args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = once(tcpdump, 'exit');
  let stderr = '';
  tcpdump.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const deadline = Date.now() + 5_000;
  while (!stderr.includes('listening on')) {
    if (Date.now() > deadline || tcpdump.exitCode !== null) {
      tcpdump.kill('SIGKILL');
      throw new Error(`tcpdump did not start: ${stderr}`);
    }
    await delay(20);
  }
  try {
    await traffic();
    await delay(200);
  } finally {
    tcpdump.kill('SIGINT');
    const killer = setTimeout(() => tcpdump.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  }
}

/** tshark's fields of every packet of `file` (one array per packet), optionally display-filtered. */
export function tsharkFields(file: string, fields: string[], options: string[] = []): string[][] {
  const out = execFileSync(
    'tshark',
    [
      '-n',
      '-r',
      file,
      ...options,
      '-T',
      'fields',
      '-E',
      'separator=/t',
      ...fields.flatMap((f) => ['-e', f]),
    ],
    { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return out
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));
}

/** POST /api/packets/captures?name= with the raw bytes (a Buffer or a stream) as the body. */
export function uploadCapture(
  ctx: TestContext,
  owner: Account,
  name: string,
  payload: Buffer | Readable,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/packets/captures?name=${encodeURIComponent(name)}`,
    headers: { ...owner.auth, 'content-type': 'application/octet-stream', ...headers },
    payload,
  });
}

/** The files left in the organization's capture folder (none when it does not exist). */
export async function captureFilesOnDisk(dataDir: string, organizationId: string) {
  return fs.readdir(path.join(dataDir, 'captures', organizationId)).catch(() => [] as string[]);
}

/** Processes whose command line contains `text` (pgrep -f), other than pgrep itself. */
export function processesMatching(text: string): string[] {
  const out = spawnSync('pgrep', ['-f', text], { encoding: 'utf8' });
  return out.stdout.split('\n').filter(Boolean);
}
