// @ts-check
// Connect probes of a scan worker thread (tcp-worker.js): raw libuv TCP handles with one shared
// timeout sweep, like raw-tcp.ts, but without promises or per-probe closures because this loop is
// CPU-bound. Falls back to net.Socket where Node no longer exposes the binding.
import net from 'node:net';
import { getSystemErrorName } from 'node:util';

export const OPEN = 0;
export const CLOSED = 1;
export const FILTERED = 2;
/** The local machine ran out of sockets: back off and try the same port again. */
export const RESOURCE = 3;
const RESOURCE_ERRORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS', 'EADDRNOTAVAIL', 'EAGAIN']);
const UNREACHABLE_ERRORS = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EACCES', 'EPERM', 'ETIMEDOUT']);

/** @param {string} code */
const stateForError = (code) =>
  RESOURCE_ERRORS.has(code) ? RESOURCE : UNREACHABLE_ERRORS.has(code) ? FILTERED : CLOSED;

/**
 * @typedef {{ i: number, attempt: number }} Task
 * @typedef {(task: Task, host: string, port: number, timeoutMs: number) => void} Probe
 * @typedef {(task: Task, state: number, rttMs: number, late?: boolean) => void} Settle
 */

/** @returns {any} the libuv TCP binding, or null where Node no longer exposes it */
function loadTcpWrap() {
  try {
    const wrap = /** @type {any} */ (process).binding('tcp_wrap');
    return typeof wrap.TCP === 'function' ? wrap : null;
  } catch {
    return null;
  }
}

const wrap = loadTcpWrap();
/** @type {Set<any>} probes waiting for an answer, swept for timeouts */
const pending = new Set();
/**
 * Sockets whose last connect was refused. Linux lets such a socket connect again, which skips
 * socket(), close(), two epoll_ctl calls and two handle objects: 40% of a loopback probe's CPU.
 * @type {any[]}
 */
const spare = [];
// Other kernels may refuse the second connect; there every probe takes a fresh socket.
const SPARE_MAX = process.platform === 'linux' ? 1024 : 0;
/** @type {NodeJS.Timeout | undefined} */
let sweeper;
/** @type {Settle} */
let settle = () => {};

/** Sets where every probe's outcome goes (one scan at a time per worker). @param {Settle} fn */
export function onSettle(fn) {
  settle = fn;
}

/** @this {any} @param {number} status */
function onConnect(status) {
  if (this.done) return;
  const rttMs = performance.now() - this.started;
  if (status !== 0) {
    const code = getSystemErrorName(status);
    return finishRaw(this, stateForError(code), rttMs, false, code === 'ECONNREFUSED');
  }
  /** @type {{ address?: string, port?: number }} */
  const local = {};
  this.handle.getsockname(local);
  // Linux may join a socket to itself when the ephemeral port equals the target port.
  const self = local.port === this.port && local.address === this.address;
  finishRaw(this, self ? CLOSED : OPEN, rttMs);
}

/**
 * @param {any} req @param {number} state @param {number} rttMs @param {boolean} [late]
 * @param {boolean} [refused] the connect was refused, so the socket may connect again
 */
function finishRaw(req, state, rttMs, late, refused) {
  req.done = true;
  pending.delete(req);
  const handle = req.handle;
  if (state === OPEN) handle.reset(() => handle.close());
  else if (refused && spare.length < SPARE_MAX) spare.push(handle);
  else handle.close();
  settle(req.task, state, rttMs, late);
}

function sweep() {
  const now = performance.now();
  for (const req of pending) {
    if (now < req.deadline) continue;
    const elapsed = now - req.started;
    // Far past the deadline means a busy event loop, not a silent port.
    finishRaw(req, FILTERED, elapsed, elapsed > req.timeoutMs * 2);
  }
  if (pending.size === 0) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/**
 * Connects a refused socket again. The first connect() after a refusal only resets the socket
 * (the kernel answers ECONNABORTED); the second is the real one. null when that fails too.
 * @param {string} host @param {number} port @returns {[any, any] | null}
 */
function reconnect(host, port) {
  const handle = spare.pop();
  if (!handle) return null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const req = new wrap.TCPConnectWrap();
    if (handle.connect(req, host, port) === 0) return [handle, req];
  }
  handle.close();
  return null;
}

/** Closes the spare sockets; called when a scan ends so no descriptor outlives it. */
export function closeSpares() {
  for (const handle of spare.splice(0)) handle.close();
}

/** @type {Probe} */
function probeRaw(task, host, port, timeoutMs) {
  const started = performance.now();
  const again = reconnect(host, port);
  const handle = again ? again[0] : new wrap.TCP(wrap.constants.SOCKET);
  const req = again ? again[1] : new wrap.TCPConnectWrap();
  req.address = host;
  req.port = port;
  req.oncomplete = onConnect;
  req.handle = handle;
  req.task = task;
  req.done = false;
  req.started = started;
  req.timeoutMs = timeoutMs;
  req.deadline = started + timeoutMs;
  const err = again ? 0 : handle.connect(req, host, port);
  if (err) return finishRaw(req, stateForError(getSystemErrorName(err)), 0);
  pending.add(req);
  // Sweep after the poll phase (setImmediate), so answers that arrived during a stall count first.
  sweeper ??= setInterval(() => setImmediate(sweep), 10);
}

/** @type {Probe} */
function probeSocket(task, host, port, timeoutMs) {
  const started = performance.now();
  const socket = net.connect({ host, port });
  /** @param {number} state @param {boolean} [late] */
  const finish = (state, late) => {
    socket.removeAllListeners();
    socket.on('error', () => {});
    if (state === OPEN) socket.resetAndDestroy();
    else socket.destroy();
    settle(task, state, performance.now() - started, late);
  };
  socket.setTimeout(timeoutMs);
  socket.once('connect', () => {
    const self = socket.localPort === port && socket.localAddress === socket.remoteAddress;
    finish(self ? CLOSED : OPEN);
  });
  socket.once('timeout', () => finish(FILTERED, performance.now() - started > timeoutMs * 2));
  socket.once('error', (/** @type {NodeJS.ErrnoException} */ e) =>
    finish(stateForError(e.code ?? '')),
  );
}

/** The fastest connect probe available: raw libuv handles, else net.Socket. */
export const probe = wrap ? probeRaw : probeSocket;
