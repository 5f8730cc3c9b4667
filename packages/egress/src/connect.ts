// TCP and TLS connections to a tenant-chosen host: resolved and checked once, connected to the
// checked address, bounded by a timeout, failures classified.
import net from 'node:net';
import tls from 'node:tls';
import { classifyFailure, EgressError } from './errors.ts';
import type { EgressPolicy, Requester } from './policy.ts';
import { type Lookup, resolveChecked } from './resolve.ts';

export type ConnectOptions = {
  host: string;
  port: number;
  who: Requester;
  /** Bound on connecting (and the TLS handshake); default 10 s. */
  timeoutMs?: number;
  /** Set for TLS: the CA certificates and the name the certificate must carry (default: host). */
  tls?: { ca?: string | string[]; servername?: string; rejectUnauthorized?: boolean };
  lookup?: Lookup;
};

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** Opens a connection the policy allows; an EgressError (kind policy) before any packet otherwise. */
export async function connectChecked(
  policy: EgressPolicy,
  options: ConnectOptions,
): Promise<net.Socket> {
  const target = await resolveChecked(
    policy,
    options.host,
    options.port,
    options.who,
    options.lookup,
  );
  const ms = options.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const secure = options.tls;
    const servername = secure?.servername ?? (net.isIP(target.host) ? undefined : target.host);
    const socket = secure
      ? tls.connect({ host: target.address, port: options.port, ...secure, servername })
      : net.connect({ host: target.address, port: options.port });
    const timer = setTimeout(() => fail(new EgressError('timeout', 'timed out')), ms);
    const fail = (error: unknown) => {
      clearTimeout(timer);
      socket.destroy();
      reject(classifyFailure(error));
    };
    socket.once('error', fail);
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      resolve(socket);
    });
  });
}
