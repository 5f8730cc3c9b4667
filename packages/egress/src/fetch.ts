// fetch for tenant-chosen URLs: every connection it opens (redirects included) is resolved and
// checked by the egress policy and made to the checked address.
import net from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { classifyFailure } from './errors.ts';
import type { EgressPolicy, Requester } from './policy.ts';
import { type Lookup, resolveChecked } from './resolve.ts';

export type EgressFetchOptions = {
  who: Requester;
  /** Bound on connecting; default 10 s (a request's own signal bounds the rest). */
  connectTimeoutMs?: number;
  /** CA certificates that sign the destinations' certificates (default: Node's). */
  ca?: string | string[];
  lookup?: Lookup;
};

export type EgressFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch whose connections obey the policy. A refused destination fails the request with the
 * EgressError (kind policy) as its cause, before any packet is sent to it.
 */
export function egressFetch(policy: EgressPolicy, options: EgressFetchOptions): EgressFetch {
  const base = buildConnector({
    timeout: options.connectTimeoutMs ?? 10_000,
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const agent = new Agent({
    connect: (connectOptions, callback) => {
      const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
      resolveChecked(policy, connectOptions.hostname, port, options.who, options.lookup).then(
        (target) => {
          const servername =
            connectOptions.servername ?? (net.isIP(target.host) ? undefined : target.host);
          base({ ...connectOptions, hostname: target.address, servername }, callback);
        },
        (error: unknown) => callback(classifyFailure(error), null),
      );
    },
  });
  return (url, init) =>
    undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    }) as unknown as Promise<Response>;
}
