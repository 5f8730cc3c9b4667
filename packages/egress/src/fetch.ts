// fetch for tenant-chosen URLs: every connection it opens (redirects included) is resolved and
// checked by the egress policy and made to the checked address.
import net from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { classifyFailure, tooLarge } from './errors.ts';
import type { EgressPolicy, Requester } from './policy.ts';
import { type Lookup, resolveChecked } from './resolve.ts';

export type EgressFetchOptions = {
  who: Requester;
  /** Bound on connecting; default 10 s (a request's own signal bounds the rest). */
  connectTimeoutMs?: number;
  /** CA certificates that sign the destinations' certificates (default: Node's). */
  ca?: string | string[];
  lookup?: Lookup;
  /** The most bytes of an answer's body that are read; past it reading fails. Default 4 MiB. */
  maxResponseBytes?: number;
};

/** What a tenant-chosen destination may send back by default: discovery documents, keys, acks. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

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
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return async (url, init) => {
    const response = (await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    })) as unknown as Response;
    return capped(response, limit);
  };
}

/**
 * The response with a body that fails (EgressError too_large) past `limit` bytes: at once when
 * its Content-Length says so, else once that many bytes arrived. The rest is never read.
 */
function capped(response: Response, limit: number): Response {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    void response.body?.cancel().catch(() => {});
    throw tooLarge(limit);
  }
  if (!response.body) return response;
  let received = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > limit) controller.error(tooLarge(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Response(counted, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // A constructed Response has no URL or redirect flag: keep the ones of the real answer.
  Object.defineProperties(limited, {
    url: { value: response.url },
    redirected: { value: response.redirected },
  });
  return limited;
}
