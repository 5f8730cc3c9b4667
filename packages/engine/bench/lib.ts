// Shared helpers for the engine benchmarks. Each benchmark runs in its own process (see run.ts)
// so that peak RSS belongs to one benchmark, and prints one `RESULT {json}` line for run.ts.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../../../bench/tools.ts';
import { createEngine } from '../src/engine.ts';
import type { EngineOptions } from '../src/port-engine.ts';

export type Row = {
  bench: string;
  scanner: string;
  ms: number | null;
  /** CPU time over all threads (user + system), ms. */
  cpuMs?: number | null;
  recall: string;
  open: number | null;
  /** Peak resident memory of the scanner's process (whole-process runs). */
  peakRssMb?: number | null;
  note?: string;
};

/** A whole process as a person runs it: wall time, CPU time (user + system) and peak RSS. */
export type ProcessRun = { ms: number; cpuMs: number; peakRssMb: number; stdout: string };

const CLI = fileURLToPath(new URL('../bin/netguard-scan.js', import.meta.url));

/** Runs `command` under GNU time (apt-get install -y time), which reports the child's rusage. */
export async function timeProcess(command: string, args: string[]): Promise<ProcessRun> {
  const dir = mkdtempSync(join(tmpdir(), 'netguard-bench-'));
  const usage = join(dir, 'usage');
  try {
    const started = performance.now();
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn('/usr/bin/time', ['-f', '%U %S %M', '-o', usage, command, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      let errors = '';
      child.stdout.on('data', (d) => {
        text += d;
      });
      child.stderr.on('data', (d) => {
        errors += d;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`${command} exited ${code}: ${errors}`)),
      );
    });
    const ms = performance.now() - started;
    const [user, sys, kb] = readFileSync(usage, 'utf8')
      .trim()
      .split('\n')
      .at(-1)!
      .split(' ')
      .map(Number);
    return {
      ms,
      cpuMs: ((user ?? 0) + (sys ?? 0)) * 1000,
      peakRssMb: Math.round((kb ?? 0) / 1024),
      stdout,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs nmap with grepable output as a whole process; the open ports per host beside the figures. */
export async function runNmap(args: string[]): Promise<ProcessRun & { open: Set<string> }> {
  const run = await timeProcess('nmap', [...args, '-oG', '-']);
  const open = new Set<string>();
  for (const line of run.stdout.split('\n')) {
    const m = /^Host: (\S+).*Ports: (.*)$/.exec(line);
    if (!m) continue;
    for (const entry of m[2]!.split(', ')) {
      const [port, state] = entry.split('/');
      if (state === 'open') open.add(`${m[1]}:${port}`);
    }
  }
  return { ...run, open };
}

type CliLine = { type: string; host?: string; port?: number; state?: string; check_id?: string };

/** Runs the compiled `netguard-scan` CLI as a whole process (JSON lines out). */
export async function runCli(
  targets: string,
  args: string[],
): Promise<ProcessRun & { open: Set<string>; lines: CliLine[]; ports: number }> {
  const run = await timeProcess(process.execPath, [CLI, targets, ...args]);
  const lines = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CliLine & { ports_scanned?: number });
  const open = new Set(
    lines.filter((l) => l.type === 'port' && l.state === 'open').map((l) => `${l.host}:${l.port}`),
  );
  const summary = lines.find((l) => l.type === 'summary') as { ports_scanned?: number } | undefined;
  return { ...run, open, lines, ports: summary?.ports_scanned ?? 0 };
}

/** Compiles the CLI the benchmarks run (scripts/build-node.mjs engine). */
export function buildCli(): void {
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../../scripts/build-node.mjs', import.meta.url)), 'engine'],
    {
      stdio: 'inherit',
    },
  );
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
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

export const load = () => loadavg()[0]!.toFixed(2);

/** One side of a comparison: a run that reports its time and the open ports it found. */
export type Contender = {
  name: string;
  run: () => Promise<{ ms: number; cpuMs: number; peakRssMb?: number; open: Set<string> }>;
};

export type Compared = {
  rows: Row[];
  /** Median wall time per contender name. */
  ms: Record<string, number>;
  /** Highest peak RSS over the rounds per contender (whole processes only). */
  peakRssMb: Record<string, number | undefined>;
};

/**
 * Runs every contender once per round, in turn (so a slow moment of the machine hits all of
 * them), for `rounds` rounds; rows of medians with recall against `expected`. A first round warms
 * up every contender and is not counted: the in-process engine is measured as a warm process
 * (its threads started, its code compiled), and the whole processes find their files cached.
 */
export async function alternate(
  bench: string,
  rounds: number,
  contenders: Contender[],
  expected: string[],
): Promise<Compared> {
  const times = contenders.map(() => [] as number[]);
  const cpu = contenders.map(() => [] as number[]);
  const rss = contenders.map(() => undefined as number | undefined);
  const found = contenders.map(() => new Set<string>());
  const warmUp: string[] = [];
  for (const c of contenders) warmUp.push(`${c.name} ${fmt((await c.run()).ms)} ms`);
  console.log(`warm-up round, not counted: ${warmUp.join(', ')}`);
  for (let round = 0; round < rounds; round++) {
    const line: string[] = [];
    for (const [i, c] of contenders.entries()) {
      const r = await c.run();
      times[i]!.push(r.ms);
      cpu[i]!.push(r.cpuMs);
      if (r.peakRssMb !== undefined) rss[i] = Math.max(rss[i] ?? 0, r.peakRssMb);
      found[i] = r.open;
      line.push(`${c.name} ${fmt(r.ms)} ms (cpu ${fmt(r.cpuMs)})`);
    }
    console.log(`round ${round + 1} (load ${load()}): ${line.join(', ')}`);
  }
  const rows = contenders.map((c, i) => ({
    bench,
    scanner: c.name,
    ms: fmt(median(times[i]!)),
    cpuMs: fmt(median(cpu[i]!)),
    recall: recall(expected, found[i]!),
    open: found[i]!.size,
    peakRssMb: rss[i] ?? null,
    note: `rounds ${times[i]!.map(fmt).join('/')}`,
  }));
  return {
    rows,
    ms: Object.fromEntries(contenders.map((c, i) => [c.name, median(times[i]!)])),
    peakRssMb: Object.fromEntries(contenders.map((c, i) => [c.name, rss[i]])),
  };
}

/** Median time of `name` over the reference's, to two decimals. */
export const ratio = (compared: Compared, name: string, reference: string): number =>
  Number((compared.ms[name]! / compared.ms[reference]!).toFixed(2));
