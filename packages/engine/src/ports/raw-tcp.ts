import { getSystemErrorName } from 'node:util';
import type { PortState } from '../types.ts';

/** A final answer for the port, or "resource" when the local machine ran out of sockets. */
export type ProbeOutcome =
  | { state: PortState; rttMs: number; late?: boolean }
  | { state: 'resource'; code: string };

export type ProbeFn = (
  host: string,
  port: number,
  timeoutMs: number,
  localPort?: number,
) => Promise<ProbeOutcome>;

// Errors that say the local machine is out of sockets or buffers: back off and try again.
export const RESOURCE_ERRORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS', 'EADDRNOTAVAIL', 'EAGAIN']);
// Errors that say a router or the host itself answered "no way through": not reachable.
export const UNREACHABLE_ERRORS = new Set([
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EACCES',
  'EPERM',
  'ETIMEDOUT',
]);

/** Maps a failed connect's error code to a probe outcome. */
export function outcomeForError(code: string, rttMs: number): ProbeOutcome {
  if (RESOURCE_ERRORS.has(code)) return { state: 'resource', code };
  if (UNREACHABLE_ERRORS.has(code)) return { state: 'filtered', rttMs };
  return { state: 'closed', rttMs };
}

type Handle = {
  connect(req: unknown, host: string, port: number): number;
  bind(host: string, port: number): number;
  getsockname(out: { address?: string; port?: number }): number;
  reset(cb: () => void): number;
  close(): void;
};
type TcpWrap = {
  TCP: new (type: number) => Handle;
  TCPConnectWrap: new () => { oncomplete: (status: number) => void; address: string; port: number };
  constants: { SOCKET: number };
};

/**
 * The libuv TCP handle behind net.Socket, without the stream machinery on top. A connect
 * probe through it costs a quarter of a net.Socket, which is what keeps a 65535-port loopback
 * scan at nmap's pace. Returns null where the internal binding is unavailable.
 */
function loadTcpWrap(): TcpWrap | null {
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding;
    const wrap = binding('tcp_wrap') as TcpWrap;
    return typeof wrap.TCP === 'function' ? wrap : null;
  } catch {
    return null;
  }
}

type Pending = { deadline: number; timeoutMs: number; finish: (o: ProbeOutcome) => void };
type ConnectReq = InstanceType<TcpWrap['TCPConnectWrap']>;
// Linux lets a refused socket connect again; elsewhere every probe takes a fresh socket.
const SPARE_MAX = process.platform === 'linux' ? 1024 : 0;

/** Creates a connect prober on raw libuv handles with one shared timeout sweep; null if unsupported. */
export function createRawProbe(): ProbeFn | null {
  const wrap = loadTcpWrap();
  if (!wrap) return null;
  const pending = new Set<Pending>();
  let sweeper: NodeJS.Timeout | undefined;
  // Sockets whose last connect was refused: Linux lets them connect again, which saves socket(),
  // close(), two epoll_ctl calls and two handle objects (40% of a loopback probe's CPU).
  const spare: Handle[] = [];

  /** The first connect() after a refusal only resets the socket (ECONNABORTED); the second is real. */
  const reconnect = (host: string, port: number): [Handle, ConnectReq] | undefined => {
    const handle = spare.pop();
    if (!handle) return undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const req = new wrap.TCPConnectWrap();
      if (handle.connect(req, host, port) === 0) return [handle, req];
    }
    handle.close();
    return undefined;
  };

  const sweep = () => {
    const now = performance.now();
    for (const p of pending) {
      if (now < p.deadline) continue;
      const elapsed = p.timeoutMs + now - p.deadline;
      // Far past the deadline means the event loop was busy, not that the port was silent.
      p.finish({ state: 'filtered', rttMs: elapsed, late: elapsed > p.timeoutMs * 2 });
    }
    if (pending.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
      // Idle: no descriptor outlives the scan.
      for (const handle of spare.splice(0)) handle.close();
    }
  };

  return (host, port, timeoutMs, localPort) =>
    new Promise((resolve) => {
      const started = performance.now();
      // A fixed source port needs a fresh socket to bind.
      const again = localPort === undefined ? reconnect(host, port) : undefined;
      const handle = again?.[0] ?? new wrap.TCP(wrap.constants.SOCKET);
      const entry: Pending = { deadline: started + timeoutMs, timeoutMs, finish: () => {} };
      let settled = false;
      entry.finish = (outcome) => {
        if (settled) return;
        settled = true;
        pending.delete(entry);
        if (outcome.state === 'open') handle.reset(() => handle.close());
        else if (refused && localPort === undefined && spare.length < SPARE_MAX) spare.push(handle);
        else handle.close();
        resolve(outcome);
      };
      let refused = false;
      const req = again?.[1] ?? new wrap.TCPConnectWrap();
      req.address = host;
      req.port = port;
      req.oncomplete = (status) => {
        const rttMs = performance.now() - started;
        if (status !== 0) {
          const code = getSystemErrorName(status);
          refused = code === 'ECONNREFUSED';
          return entry.finish(outcomeForError(code, rttMs));
        }
        const local: { address?: string; port?: number } = {};
        handle.getsockname(local);
        const self = local.port === port && local.address === host;
        entry.finish({ state: self ? 'closed' : 'open', rttMs });
      };
      const bindErr = localPort === undefined ? 0 : handle.bind('0.0.0.0', localPort);
      const err = again ? 0 : bindErr || handle.connect(req, host, port);
      if (err) return entry.finish(outcomeForError(getSystemErrorName(err), 0));
      pending.add(entry);
      // Sweep after the poll phase (setImmediate): answers that came in during a stall count first.
      sweeper ??= setInterval(() => setImmediate(sweep), 10);
    });
}
