import dgram from 'node:dgram';
import { printable } from '../services/exchange.ts';
import type { ServiceResult } from '../types.ts';
import { UDP_PROTOCOLS, type UdpPort, type UdpRequest } from './protocols.ts';

export type UdpProbeOptions = {
  /** Wait for a reply after each datagram, in ms. Default 1000. */
  timeoutMs?: number;
  /** Extra datagrams after the first goes unanswered. Default 2. */
  retries?: number;
  signal?: AbortSignal;
};

/**
 * Sends protocol requests to one UDP port on a connected socket. A valid reply means open
 * (and names the service); ICMP port unreachable (ECONNREFUSED) means closed; silence after
 * every retry means open|filtered, as nmap reports it.
 */
export function probeUdp(
  host: string,
  target: UdpPort,
  options: UdpProbeOptions = {},
): Promise<ServiceResult> {
  const timeoutMs = options.timeoutMs ?? 1000;
  const attempts = 1 + (options.retries ?? 2);
  const protocol = UDP_PROTOCOLS[target.protocol];
  const base = { host, port: target.port, protocol: 'udp' as const };
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const sent: UdpRequest[] = [];
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (result: Omit<ServiceResult, keyof typeof base>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      socket.close();
      resolve({ ...base, ...result });
    };
    const silent = () => finish({ state: 'open|filtered', service: { name: protocol.service } });
    const onAbort = () => silent();
    const rttMs = () => Math.round(performance.now() - started);
    const refused = (error: NodeJS.ErrnoException | null) => {
      if (!error) return;
      if (error.code === 'ECONNREFUSED')
        finish({ state: 'closed', rttMs: rttMs(), service: { name: protocol.service } });
      else silent();
    };
    const send = () => {
      if (settled) return;
      if (sent.length >= attempts) return silent();
      const request = protocol.request();
      sent.push(request);
      started = performance.now();
      socket.send(request.payload, refused);
      timer = setTimeout(send, timeoutMs);
    };
    socket.on('error', refused);
    socket.on('message', (reply) => {
      for (const request of sent) {
        const service = request.match(reply);
        if (service) return finish({ state: 'open', rttMs: rttMs(), service });
      }
      // Any datagram from the port proves it open, even one we cannot read.
      finish({
        state: 'open',
        rttMs: rttMs(),
        service: { name: protocol.service, banner: printable(reply, 120) },
      });
    });
    if (options.signal?.aborted) return silent();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.connect(target.port, host, send);
  });
}
