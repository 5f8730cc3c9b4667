import type { PortResult } from '../types.ts';
import { type ProbeOutcome, probeTcp } from './tcp-probe.ts';
import {
  createRateLimiter,
  createRttEstimator,
  DEFAULT_TIMING,
  type TimingOptions,
} from './timing.ts';

export type TcpScanOptions = Partial<TimingOptions> & {
  /** Most probes in flight at once (lowered automatically on EMFILE/ENOBUFS). */
  concurrency?: number;
  /** Probes per second, 0 for unlimited. */
  rate?: number;
  /** Extra attempts for a port that stayed silent. */
  maxRetries?: number;
  /**
   * Stop probing a host once one of its ports answers, open or closed (host discovery: one
   * answer proves the host up). Ports left unprobed count as done but get no result.
   */
  untilAnswered?: boolean;
  signal?: AbortSignal;
  /** Every port's final state. */
  onResult?: (result: PortResult) => void;
  /** Called as ports finish: done out of total. */
  onProgress?: (done: number, total: number) => void;
  /** Replaceable for tests; defaults to a real TCP connect. */
  probe?: (host: string, port: number, timeoutMs: number) => Promise<ProbeOutcome>;
};

export type TcpScanStats = { open: number; closed: number; filtered: number; backoffs: number };

type Task = { h: number; p: number; attempt: number };

/**
 * TCP connect scan of every port on every host, interleaving hosts so none is hammered.
 * Resolves when all ports have a final state or the signal aborts.
 */
export function scanTcp(
  hosts: readonly string[],
  ports: readonly number[],
  options: TcpScanOptions = {},
): Promise<TcpScanStats> {
  // Field by field: an option passed as undefined must not wipe out its default.
  const timing: TimingOptions = {
    initialTimeoutMs: options.initialTimeoutMs ?? DEFAULT_TIMING.initialTimeoutMs,
    minTimeoutMs: options.minTimeoutMs ?? DEFAULT_TIMING.minTimeoutMs,
    maxTimeoutMs: options.maxTimeoutMs ?? DEFAULT_TIMING.maxTimeoutMs,
  };
  const cap = Math.max(1, options.concurrency ?? 512);
  const maxRetries = options.maxRetries ?? 2;
  const probe = options.probe ?? probeTcp;
  const rate = createRateLimiter(options.rate ?? 0);
  const rtt = hosts.map(() => createRttEstimator(timing));
  const answered = options.untilAnswered ? new Uint8Array(hosts.length) : undefined;
  const total = hosts.length * ports.length;
  const stats: TcpScanStats = { open: 0, closed: 0, filtered: 0, backoffs: 0 };
  const retries: Task[] = [];
  let next = 0;
  let done = 0;
  let inflight = 0;
  let limit = cap;
  let paused = false;

  return new Promise((resolve) => {
    const signal = options.signal;
    const finishIfDone = () => {
      if (inflight !== 0 || (done !== total && !signal?.aborted)) return;
      // One signal serves every group of a run: a finished scan leaves no listener on it.
      signal?.removeEventListener('abort', finishIfDone);
      resolve(stats);
    };
    signal?.addEventListener('abort', finishIfDone, { once: true });

    const nextTask = (): Task | undefined => {
      const retry = retries.shift();
      if (retry) return retry;
      if (next >= total) return undefined;
      const i = next++;
      return { h: i % hosts.length, p: Math.floor(i / hosts.length), attempt: 0 };
    };
    const take = (): Task | undefined => {
      let task = nextTask();
      // A port of a host that has already answered is done without a probe.
      while (task && answered?.[task.h]) {
        done++;
        options.onProgress?.(done, total);
        task = nextTask();
      }
      return task;
    };

    const settle = (task: Task, outcome: ProbeOutcome) => {
      inflight--;
      if (outcome.state === 'resource') {
        // Out of sockets: halve the window, pause briefly, try the same port again.
        stats.backoffs++;
        limit = Math.max(1, Math.floor(inflight / 2));
        retries.push(task);
        pauseFor(50);
        return;
      }
      if (limit < cap) limit++;
      if (outcome.state !== 'filtered' || !outcome.late) rtt[task.h]!.sample(outcome.rttMs);
      if (outcome.state === 'filtered' && (task.attempt < maxRetries || outcome.late)) {
        retries.push({ ...task, attempt: task.attempt + (outcome.late ? 0 : 1) });
        pump();
        return;
      }
      stats[outcome.state]++;
      done++;
      if (answered && outcome.state !== 'filtered') answered[task.h] = 1;
      const host = hosts[task.h]!;
      const port = ports[task.p]!;
      options.onResult?.({
        host,
        port,
        protocol: 'tcp',
        state: outcome.state,
        rttMs: outcome.rttMs,
      });
      options.onProgress?.(done, total);
      pump();
    };

    const pauseFor = (ms: number) => {
      if (paused) return;
      paused = true;
      setTimeout(() => {
        paused = false;
        pump();
      }, ms);
    };

    const pump = () => {
      while (!paused && !signal?.aborted && inflight < limit) {
        const wait = rate.waitMs();
        if (wait > 0) return pauseFor(wait);
        const task = take();
        if (!task) break;
        inflight++;
        const host = hosts[task.h]!;
        // Retries wait longer than the estimate: a lost SYN is more likely than a slow host.
        const timeout = Math.min(timing.maxTimeoutMs, rtt[task.h]!.timeoutMs() * 2 ** task.attempt);
        probe(host, ports[task.p]!, timeout).then((outcome) => settle(task, outcome));
      }
      finishIfDone();
    };

    if (total === 0) resolve(stats);
    else pump();
  });
}
