import net from 'node:net';
import { createRawProbe, outcomeForError, type ProbeFn, type ProbeOutcome } from './raw-tcp.ts';

export type { ProbeFn, ProbeOutcome };

/**
 * One TCP connect probe. The timeout runs from the actual connect call, not from queueing.
 * A socket connected to itself (local port == target port on the same address) is closed.
 * localPort fixes the source port, like nmap's --source-port.
 */
export function probeTcpSocket(
  host: string,
  port: number,
  timeoutMs: number,
  localPort?: number,
): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host, port, localPort });
    const finish = (outcome: ProbeOutcome) => {
      socket.removeAllListeners();
      socket.on('error', () => {});
      if (outcome.state === 'open') socket.resetAndDestroy();
      else socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => {
      const rttMs = performance.now() - started;
      const self = socket.localPort === port && socket.localAddress === socket.remoteAddress;
      finish({ state: self ? 'closed' : 'open', rttMs });
    });
    socket.once('timeout', () => {
      const elapsed = performance.now() - started;
      // A timer that fires far past its deadline means a busy event loop, not a silent port.
      finish({ state: 'filtered', rttMs: elapsed, late: elapsed > timeoutMs * 2 });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      finish(outcomeForError(error.code ?? '', performance.now() - started));
    });
  });
}

/** The fastest available connect probe: raw libuv handles, or net.Socket where unavailable. */
export const probeTcp: ProbeFn = createRawProbe() ?? probeTcpSocket;
