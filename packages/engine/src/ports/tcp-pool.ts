import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PortState } from '../types.ts';
import type { TcpScanOptions, TcpScanStats } from './scan-tcp.ts';
import { DEFAULT_TIMING } from './timing.ts';

/** What a worker posts back (tcp-worker.js). */
type WorkerMessage =
  | {
      type: 'results';
      tasks: Int32Array;
      states: Uint8Array;
      rtts: Float32Array;
      /** Ports left unprobed because their host had answered (untilAnswered). */
      skipped: number;
    }
  | { type: 'need' }
  | { type: 'idle'; backoffs: number };

const STATES: readonly PortState[] = ['open', 'closed', 'filtered'];

export type TcpPool = {
  readonly size: number;
  /** scanTcp() spread over the pool's threads; concurrency and rate are shared out between them. */
  scan(
    hosts: readonly string[],
    ports: readonly number[],
    options?: Omit<TcpScanOptions, 'probe'>,
  ): Promise<TcpScanStats>;
  /** Stops the threads; a pool is closed once, after its last scan. */
  close(): Promise<void>;
  /** False once a thread has stopped: the pool can scan no more. */
  readonly alive: boolean;
  /** Whether the idle threads keep the process running (they do unless told otherwise). */
  keepAlive(on: boolean): void;
};

/** Threads worth starting on this machine: one per core. */
export function defaultThreads(): number {
  return availableParallelism();
}

/**
 * A pool of worker threads for TCP connect scanning. Loopback connect scanning is CPU-bound
 * (about 17k ports/s on one event loop), so all 65535 ports only keep pace with nmap when the
 * connects are spread over every core.
 * @example const pool = createTcpPool(); await pool.scan(['127.0.0.1'], ports); await pool.close();
 */
export function createTcpPool(size = defaultThreads()): TcpPool {
  // No execArgv: the worker is plain JavaScript on node: modules, and an inherited loader
  // (`--import tsx`) would cost each thread 100-200 ms of start-up.
  const workers = Array.from(
    { length: Math.max(1, size) },
    () => new Worker(new URL('./tcp-worker.js', import.meta.url), { execArgv: [] }),
  );
  let exited = false;
  for (const w of workers) {
    w.once('exit', () => {
      exited = true;
    });
    // A scan in progress rejects on a thread's error; an idle pool just stops being alive.
    w.on('error', () => {});
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    size: workers.length,
    get alive() {
      return !exited;
    },
    keepAlive(on) {
      for (const w of workers) on ? w.ref() : w.unref();
    },
    scan(hosts, ports, options = {}) {
      const run = queue.then(() => scanOnWorkers(workers, hosts, ports, options));
      queue = run.catch(() => {});
      return run;
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/**
 * Shares a global socket cap and probe rate (0 = unlimited) out between threads, so the pool as
 * a whole honours them. Never more threads than sockets: each thread holds at least one.
 */
export function splitBudget(
  concurrency: number,
  rate: number,
  threads: number,
): { concurrency: number; rate: number }[] {
  const cap = Math.max(1, Math.floor(concurrency));
  const n = Math.max(1, Math.min(threads, cap));
  return Array.from({ length: n }, (_, k) => ({
    concurrency: Math.floor(cap / n) + (k < cap % n ? 1 : 0),
    rate: rate / n,
  }));
}

function scanOnWorkers(
  pool: readonly Worker[],
  hosts: readonly string[],
  ports: readonly number[],
  options: Omit<TcpScanOptions, 'probe'>,
): Promise<TcpScanStats> {
  const total = hosts.length * ports.length;
  const stats: TcpScanStats = { open: 0, closed: 0, filtered: 0, backoffs: 0 };
  const signal = options.signal;
  if (total === 0 || signal?.aborted) return Promise.resolve(stats);
  const budgets = splitBudget(options.concurrency ?? 512, options.rate ?? 0, pool.length);
  const workers = pool.slice(0, budgets.length);
  const n = workers.length;
  // Hosts that answered, seen by every thread at once, so that none probes them further.
  const answered = options.untilAnswered ? new SharedArrayBuffer(hosts.length) : undefined;
  let next = 0;
  let done = 0;
  let idle = 0;
  let exhausted = false;
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      signal?.removeEventListener('abort', onAbort);
      for (const w of workers) {
        w.off('message', handlers.get(w)!);
        w.off('error', onError);
        w.off('exit', onExit);
      }
    };
    const onAbort = () => {
      for (const w of workers) w.postMessage({ type: 'abort' });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => onError(new Error(`TCP scan worker exited (code ${code})`));
    const give = (w: Worker) => {
      if (next < total) {
        const start = next;
        // Chunks shrink as the work runs out, so that threads finish close together, but stay
        // big enough that messages are rare.
        const chunk = Math.max(64, Math.min(1024, Math.ceil((total - next) / (n * 4))));
        next = Math.min(total, next + chunk);
        w.postMessage({ type: 'chunk', start, end: next });
        return;
      }
      if (exhausted) return;
      exhausted = true;
      for (const other of workers) other.postMessage({ type: 'no-more' });
    };
    const handlers = new Map<Worker, (m: WorkerMessage) => void>();
    workers.forEach((w, k) => {
      const handler = (m: WorkerMessage) => {
        if (m.type === 'need') return give(w);
        if (m.type === 'idle') {
          stats.backoffs += m.backoffs;
          if (++idle < n) return;
          cleanup();
          return resolve(stats);
        }
        for (let k = 0; k < m.tasks.length; k++) {
          const i = m.tasks[k]!;
          const state = STATES[m.states[k]!]!;
          stats[state]++;
          options.onResult?.({
            host: hosts[i % hosts.length]!,
            port: ports[Math.floor(i / hosts.length)]!,
            protocol: 'tcp',
            state,
            rttMs: m.rtts[k]!,
          });
        }
        done += m.tasks.length + m.skipped;
        options.onProgress?.(done, total);
      };
      handlers.set(w, handler);
      w.on('message', handler);
      w.once('error', onError);
      w.once('exit', onExit);
      w.postMessage({
        type: 'scan',
        hosts,
        ports,
        timing: {
          initialTimeoutMs: options.initialTimeoutMs ?? DEFAULT_TIMING.initialTimeoutMs,
          minTimeoutMs: options.minTimeoutMs ?? DEFAULT_TIMING.minTimeoutMs,
          maxTimeoutMs: options.maxTimeoutMs ?? DEFAULT_TIMING.maxTimeoutMs,
        },
        ...budgets[k]!,
        maxRetries: options.maxRetries ?? 2,
        answered,
      });
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    for (const w of workers) give(w);
  });
}

/**
 * scanTcp() on worker threads: a pool started for this scan and stopped after it.
 * threads defaults to the number of cores.
 */
export async function scanTcpParallel(
  hosts: readonly string[],
  ports: readonly number[],
  options: Omit<TcpScanOptions, 'probe'> & { threads?: number } = {},
): Promise<TcpScanStats> {
  const pool = createTcpPool(options.threads);
  try {
    return await pool.scan(hosts, ports, options);
  } finally {
    await pool.close();
  }
}
