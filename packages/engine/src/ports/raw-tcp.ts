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

/** Creates a connect prober on raw libuv handles with one shared timeout sweep; null if unsupported. */
export function createRawProbe(): ProbeFn | null {
  const wrap = loadTcpWrap();
  if (!wrap) return null;
  const pending = new Set<Pending>();
  let sweeper: NodeJS.Timeout | undefined;

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
    }
  };

  return (host, port, timeoutMs, localPort) =>
    new Promise((resolve) => {
      const started = performance.now();
      const handle = new wrap.TCP(wrap.constants.SOCKET);
      const entry: Pending = { deadline: started + timeoutMs, timeoutMs, finish: () => {} };
      let settled = false;
      entry.finish = (outcome) => {
        if (settled) return;
        settled = true;
        pending.delete(entry);
        if (outcome.state === 'open') handle.reset(() => handle.close());
        else handle.close();
        resolve(outcome);
      };
      const req = new wrap.TCPConnectWrap();
      req.address = host;
      req.port = port;
      req.oncomplete = (status) => {
        const rttMs = performance.now() - started;
        if (status !== 0) return entry.finish(outcomeForError(getSystemErrorName(status), rttMs));
        const local: { address?: string; port?: number } = {};
        handle.getsockname(local);
        const self = local.port === port && local.address === host;
        entry.finish({ state: self ? 'closed' : 'open', rttMs });
      };
      const bindErr = localPort === undefined ? 0 : handle.bind('0.0.0.0', localPort);
      const err = bindErr || handle.connect(req, host, port);
      if (err) return entry.finish(outcomeForError(getSystemErrorName(err), 0));
      pending.add(entry);
      sweeper ??= setInterval(sweep, 10);
    });
}
