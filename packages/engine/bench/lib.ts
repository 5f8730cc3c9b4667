// Shared helpers for the engine benchmarks. Each benchmark runs in its own process (see run.ts)
// so that peak RSS belongs to one benchmark, and prints one `RESULT {json}` line for run.ts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createEngine, type EngineOptions } from '../src/engine.ts';

export type Row = {
  bench: string;
  scanner: string;
  ms: number | null;
  /** CPU time over all threads (user + system), ms. */
  cpuMs?: number | null;
  recall: string;
  open: number | null;
  note?: string;
};

/** Runs nmap with grepable output; returns wall time, CPU time and the open ports per host. */
export async function runNmap(
  args: string[],
): Promise<{ ms: number; cpuMs: number; open: Set<string> }> {
  const started = performance.now();
  // bash's `time` reports the child's CPU seconds (user system) on stderr.
  const script = 'TIMEFORMAT="%U %S"; time "$@"';
  const argv = ['-c', script, 'bash', 'nmap', ...args, '-oG', '-'];
  let errors = '';
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
    });
    child.stderr.on('data', (d) => {
      errors += d;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`nmap ${code}`))));
  });
  const ms = performance.now() - started;
  const [user, sys] = errors.trim().split('\n').at(-1)!.split(' ').map(Number);
  const cpuMs = ((user ?? 0) + (sys ?? 0)) * 1000;
  const open = new Set<string>();
  for (const line of out.split('\n')) {
    const m = /^Host: (\S+).*Ports: (.*)$/.exec(line);
    if (!m) continue;
    for (const entry of m[2]!.split(', ')) {
      const [port, state] = entry.split('/');
      if (state === 'open') open.add(`${m[1]}:${port}`);
    }
  }
  return { ms, cpuMs, open };
}

/** Runs the engine the way the CLI does (ports only: nmap -sT detects no services either). */
export async function runEngine(
  targets: string,
  options: EngineOptions,
): Promise<{ ms: number; cpuMs: number; open: Set<string>; ports: number }> {
  const open = new Set<string>();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const summary = await createEngine({ portsOnly: true, checks: 'none', ...options }).run(targets, {
    onPort: (r) => open.add(`${r.host}:${r.port}`),
  });
  if (summary.hosts_up === 0 || summary.refused.length)
    console.warn('engine:', { up: summary.hosts_up, refused: summary.refused });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, open, ports: summary.ports_scanned };
}

/** Share of `expected` found in `found`, as a percentage string. */
export function recall(expected: Iterable<string>, found: Set<string>): string {
  const list = [...expected];
  const hit = list.filter((e) => found.has(e)).length;
  return `${((hit / Math.max(1, list.length)) * 100).toFixed(1)}% (${hit}/${list.length})`;
}

/** Peak resident memory of this process in MB: the kernel's high-water mark (VmHWM). */
export function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? process.resourceUsage().maxRSS);
  return Math.round(kb / 1024);
}

/** Prints the rows for a person and the RESULT line for run.ts. */
export function report(rows: Row[], extra: Record<string, unknown> = {}): void {
  console.table(rows);
  console.log(`RESULT ${JSON.stringify({ rows, ...extra })}`);
}

export const fmt = (ms: number) => Math.round(ms);

/** The 1-minute load average: the ratios only mean something on an otherwise idle machine. */
export const load = () => loadavg()[0]!.toFixed(2);
