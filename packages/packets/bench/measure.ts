// Runs one measured child process and collects its `RESULT {json}` line and its wall time.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { syntheticTraffic } from '../src/testing/synthetic-traffic.ts';
import { writeCapture } from '../src/writer/index.ts';

export type Measure = {
  packets: number;
  wallMs: number;
  innerMs: number;
  maxRssMb: number;
  mode: string;
};

/** Writes `count` synthetic Ethernet frames (TCP, DNS, HTTP; about 470 bytes each) as pcap. */
export async function generateCapture(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  await writeCapture(syntheticTraffic(count, count), out, { linkTypes: [1] });
  out.end();
  await once(out, 'finish');
}

function runChild(command: string, args: string[]): Promise<Measure> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) return reject(new Error(`${command} exited with code ${code} and no result`));
      const r = JSON.parse(line.slice(7)) as {
        packets: number;
        ms: number;
        maxRssKb: number;
        mode?: string;
      };
      resolve({
        packets: r.packets,
        wallMs,
        innerMs: r.ms,
        maxRssMb: r.maxRssKb / 1024,
        mode: r.mode ?? 'tshark',
      });
    });
  });
}

/** Our reader and dissector (or the reader alone) over the file, in a fresh node process. */
export function measureEngine(path: string, readOnly = false): Promise<Measure> {
  const script = fileURLToPath(new URL('./read-dissect.ts', import.meta.url));
  const args = ['--import', 'tsx', script, path, ...(readOnly ? ['--read-only'] : [])];
  return runChild(process.execPath, args);
}

/** `tshark -r file -T fields -e frame.number`, under a small python wrapper that reads its peak RSS. */
export function measureTshark(path: string): Promise<Measure> {
  return runChild('python3', [fileURLToPath(new URL('./tshark.py', import.meta.url)), path]);
}
