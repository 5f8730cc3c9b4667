// A tenant's view of the network: fetch, TCP/TLS connect and UDP resolution, each through the
// egress policy as one requester. Senders (SIEM, identity providers, cloud APIs, SSH) take a
// Network and never open a socket of their own.
import type net from 'node:net';
import { type ConnectOptions, connectChecked } from './connect.ts';
import { type EgressFetch, egressFetch } from './fetch.ts';
import type { EgressPolicy, Requester } from './policy.ts';
import { type Lookup, type Resolved, resolveChecked } from './resolve.ts';

export type Network = {
  /** Who the connections are for (an operator may reach this host). */
  who: Requester;
  /** fetch whose every connection, redirects included, is checked. */
  fetch: EgressFetch;
  /** A checked TCP (or TLS) connection. */
  connect(options: Omit<ConnectOptions, 'who' | 'lookup'>): Promise<net.Socket>;
  /** A checked address for `host` and `port`, for UDP (send to `address`, not to the name). */
  resolve(host: string, port: number): Promise<Resolved>;
};

export type NetworkOptions = {
  /** CA certificates fetch trusts (default: Node's). */
  ca?: string | string[];
  lookup?: Lookup;
  connectTimeoutMs?: number;
  /** The most bytes of an answer's body fetch reads (default DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
};

/** The network of one requester under `policy`. */
export function networkFor(
  policy: EgressPolicy,
  who: Requester,
  options: NetworkOptions = {},
): Network {
  const { lookup } = options;
  return {
    who,
    fetch: egressFetch(policy, { who, ...options }),
    connect: (connect) =>
      connectChecked(policy, { ...connect, who, ...(lookup ? { lookup } : {}) }),
    resolve: (host, port) => resolveChecked(policy, host, port, who, lookup),
  };
}
