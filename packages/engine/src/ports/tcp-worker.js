// @ts-check
// The TCP connect scanner of one worker thread (see tcp-pool.ts for the protocol).
// Plain JavaScript on purpose: on Node 20 a worker can only load .ts by registering tsx, which
// starts a loader thread and costs 300-700 ms per worker, a third of a full loopback scan.
// It is the algorithm of scan-tcp.ts (same timing, retries, back-off), over the probes of
// tcp-worker-connect.js.
import { parentPort } from 'node:worker_threads';
import { closeSpares, FILTERED, onSettle, probe, RESOURCE } from './tcp-worker-connect.js';

const FLUSH_AT = 2048;

/**
 * @typedef {import('./tcp-worker-connect.js').Task} Task
 * @typedef {{ initialTimeoutMs: number, minTimeoutMs: number, maxTimeoutMs: number }} Timing
 * @typedef {{ type: 'scan', hosts: string[], ports: number[], timing: Timing, concurrency: number,
 *   rate: number, maxRetries: number, answered?: SharedArrayBuffer }} ScanMessage
 * @typedef {ScanMessage | { type: 'chunk', start: number, end: number } | { type: 'no-more' }
 *   | { type: 'abort' }} InMessage
 */

/** @type {ReturnType<typeof createScan> | undefined} */
let scan;

/** @param {ScanMessage} msg */
function createScan(msg) {
  const { hosts, ports, timing, maxRetries } = msg;
  const cap = Math.max(1, msg.concurrency);
  const srtt = new Float64Array(hosts.length).fill(-1);
  const rttvar = new Float64Array(hosts.length);
  // Set for a host once any thread got an answer from it (untilAnswered); none in a full scan.
  const answered = msg.answered ? new Uint8Array(msg.answered) : undefined;
  /** @type {Task[]} */
  const retries = [];
  /** @type {[number, number][]} */
  const ranges = [];
  let out = {
    tasks: /** @type {number[]} */ ([]),
    states: /** @type {number[]} */ ([]),
    rtts: /** @type {number[]} */ ([]),
  };
  let flushTimer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
  let inflight = 0;
  let limit = cap;
  let paused = false;
  let noMore = false;
  let aborted = false;
  let needSent = false;
  let idleSent = false;
  let backoffs = 0;
  let skipped = 0;
  // Token bucket, as timing.ts's createRateLimiter.
  const burst = Math.max(1, Math.ceil(msg.rate / 50));
  let tokens = burst;
  let last = performance.now();

  /** @param {number} h */
  const timeoutFor = (h) => {
    const s = srtt[h] ?? -1;
    if (s < 0) return timing.initialTimeoutMs;
    const t = s + 4 * (rttvar[h] ?? 0);
    return Math.round(Math.min(timing.maxTimeoutMs, Math.max(timing.minTimeoutMs, t)));
  };
  /** @param {number} h @param {number} ms */
  const sample = (h, ms) => {
    const s = srtt[h] ?? -1;
    if (s < 0) {
      srtt[h] = ms;
      rttvar[h] = ms / 2;
      return;
    }
    rttvar[h] = 0.75 * (rttvar[h] ?? 0) + 0.25 * Math.abs(s - ms);
    srtt[h] = 0.875 * s + 0.125 * ms;
  };
  const rateWait = () => {
    if (msg.rate <= 0) return 0;
    const t = performance.now();
    tokens = Math.min(burst, tokens + ((t - last) * msg.rate) / 1000);
    last = t;
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - tokens) * 1000) / msg.rate);
  };

  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (out.tasks.length === 0 && skipped === 0) return;
    const tasks = Int32Array.from(out.tasks);
    const states = Uint8Array.from(out.states);
    const rtts = Float32Array.from(out.rtts);
    out = { tasks: [], states: [], rtts: [] };
    parentPort?.postMessage({ type: 'results', tasks, states, rtts, skipped }, [
      tasks.buffer,
      states.buffer,
      rtts.buffer,
    ]);
    skipped = 0;
  };

  /** @returns {Task | undefined} */
  const nextTask = () => {
    const retry = retries.shift();
    if (retry) return retry;
    const range = ranges[0];
    if (!range) return undefined;
    const i = range[0]++;
    if (range[0] >= range[1]) ranges.shift();
    return { i, attempt: 0 };
  };

  /** @returns {Task | undefined} */
  const take = () => {
    let task = nextTask();
    // A port of a host that has already answered is done without a probe.
    while (task && answered?.[task.i % hosts.length]) {
      skipped++;
      task = nextTask();
    }
    return task;
  };

  const queued = () => ranges.reduce((n, r) => n + r[1] - r[0], 0);

  const finishIfIdle = () => {
    if (idleSent || inflight > 0) return;
    if (!aborted && !(noMore && retries.length === 0 && ranges.length === 0)) return;
    idleSent = true;
    closeSpares();
    flush();
    parentPort?.postMessage({ type: 'idle', backoffs });
  };

  /** @param {number} ms */
  const pauseFor = (ms) => {
    if (paused) return;
    paused = true;
    setTimeout(() => {
      paused = false;
      pump();
    }, ms);
  };

  const pump = () => {
    while (!paused && !aborted && inflight < limit) {
      const wait = rateWait();
      if (wait > 0) return pauseFor(wait);
      const task = take();
      if (!task) break;
      inflight++;
      const h = task.i % hosts.length;
      const p = Math.floor(task.i / hosts.length);
      // Retries wait longer than the estimate: a lost SYN is likelier than a slow host.
      const timeout = Math.min(timing.maxTimeoutMs, timeoutFor(h) * 2 ** task.attempt);
      probe(task, /** @type {string} */ (hosts[h]), /** @type {number} */ (ports[p]), timeout);
    }
    // Ask for the next chunk before this one runs dry, so the socket window stays full.
    if (!noMore && !needSent && queued() < cap * 2) {
      needSent = true;
      parentPort?.postMessage({ type: 'need' });
    }
    finishIfIdle();
  };

  onSettle((task, state, rttMs, late) => {
    inflight--;
    if (state === RESOURCE) {
      // Out of sockets: halve the window, pause briefly, try the same port again.
      backoffs++;
      limit = Math.max(1, Math.floor(inflight / 2));
      retries.push(task);
      pauseFor(50);
      return;
    }
    if (limit < cap) limit++;
    const h = task.i % hosts.length;
    if (state !== FILTERED || !late) sample(h, rttMs);
    if (answered && state !== FILTERED) answered[h] = 1;
    if (state === FILTERED && (task.attempt < maxRetries || late)) {
      retries.push({ i: task.i, attempt: task.attempt + (late ? 0 : 1) });
      pump();
      return;
    }
    out.tasks.push(task.i);
    out.states.push(state);
    out.rtts.push(rttMs);
    if (out.tasks.length >= FLUSH_AT) flush();
    else flushTimer ??= setTimeout(flush, 25);
    pump();
  });

  return {
    /** @param {number} start @param {number} end */
    add(start, end) {
      needSent = false;
      if (end > start) ranges.push([start, end]);
      pump();
    },
    end() {
      noMore = true;
      pump();
    },
    abort() {
      aborted = true;
      ranges.length = 0;
      retries.length = 0;
      finishIfIdle();
    },
  };
}

parentPort?.on('message', (/** @type {InMessage} */ msg) => {
  if (msg.type === 'scan') scan = createScan(msg);
  else if (msg.type === 'chunk') scan?.add(msg.start, msg.end);
  else if (msg.type === 'no-more') scan?.end();
  else if (msg.type === 'abort') scan?.abort();
});
