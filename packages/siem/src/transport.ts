// Syslog senders over TCP (octet counting), UDP (one datagram per message) and TLS, through the
// tenant's network (the egress policy): each message gets a result, and a failure is a classified
// error (@netguard/egress's words after the destination), never a silent drop.
import dgram from 'node:dgram';
import type net from 'node:net';
import {
  classifyFailure,
  EgressError,
  type EgressFailureKind,
  type Network,
  type Resolved,
} from '@netguard/egress';
import { octetFrame } from './syslog.ts';

export type SyslogProtocol = 'tcp' | 'udp' | 'tls';

export type SyslogTarget = {
  protocol: SyslogProtocol;
  host: string;
  port: number;
  /** TLS: the CA certificates (PEM) that sign the receiver's certificate; default: Node's. */
  ca?: string | string[];
  /** TLS: the name the certificate must carry; default: `host`. */
  servername?: string;
  /** Bound on connecting and on each write; default 10 s. */
  timeoutMs?: number;
  /** UDP: the largest datagram sent; default 8192 bytes, at most 65507 (IPv4). */
  maxUdpBytes?: number;
};

/** How a message failed: a connection failure's kind, or too large for a datagram. */
export type TransportErrorKind = EgressFailureKind | 'too_large';

export class SyslogTransportError extends Error {
  override name = 'SyslogTransportError';
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type SendResult = { written: true } | { written: false; error: SyslogTransportError };

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_UDP_BYTES = 8192;
export const MAX_UDP_BYTES = 65_507;

const where = (target: SyslogTarget) => `syslog ${target.protocol}://${target.host}:${target.port}`;

/** A failure as the target's own destination followed by the egress classifier's message. */
function failureOf(target: SyslogTarget, error: unknown): SyslogTransportError {
  if (error instanceof SyslogTransportError) return error;
  const failure = classifyFailure(error);
  return new SyslogTransportError(failure.kind, `${where(target)}: ${failure.message}`, {
    cause: failure,
  });
}

const failAll = (messages: string[], error: SyslogTransportError): SendResult[] =>
  messages.map(() => ({ written: false, error }));

function withTimeout<T>(target: SyslogTarget, work: Promise<T>): Promise<T> {
  const ms = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EgressError('timeout', 'timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Connects (and for TLS completes the handshake) through the network, within the timeout. */
function connectStream(network: Network, target: SyslogTarget): Promise<net.Socket> {
  const { host, port } = target;
  const timeoutMs = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (target.protocol !== 'tls') return network.connect({ host, port, timeoutMs });
  // The certificate is checked against `servername`, else the host's name or address.
  return network.connect({
    host,
    port,
    timeoutMs,
    tls: {
      ...(target.ca ? { ca: target.ca } : {}),
      ...(target.servername ? { servername: target.servername } : {}),
    },
  });
}

const writeTo = (socket: net.Socket, chunk: Buffer) =>
  new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    socket.once('error', onError);
    socket.write(chunk, (error) => {
      socket.off('error', onError);
      if (error) reject(error);
      else resolve();
    });
  });

const endStream = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.end();
  });

async function sendStream(
  network: Network,
  target: SyslogTarget,
  messages: string[],
): Promise<SendResult[]> {
  let open: net.Socket;
  try {
    open = await connectStream(network, target);
  } catch (error) {
    return failAll(messages, failureOf(target, error));
  }
  const results: SendResult[] = [];
  open.on('error', () => {}); // errors after this point are surfaced by the pending write
  for (const message of messages) {
    const last = results.at(-1);
    if (last && !last.written) {
      results.push(last);
      continue;
    }
    try {
      await withTimeout(target, writeTo(open, octetFrame(message)));
      results.push({ written: true });
    } catch (error) {
      results.push({ written: false, error: failureOf(target, error) });
    }
  }
  if (results.every((r) => r.written)) {
    await withTimeout(target, endStream(open)).catch(() => open.destroy());
  } else open.destroy();
  return results;
}

/** One datagram per message, to the address the network resolved and checked (once). */
async function sendDatagrams(
  network: Network,
  target: SyslogTarget,
  messages: string[],
): Promise<SendResult[]> {
  const limit = target.maxUdpBytes ?? DEFAULT_MAX_UDP_BYTES;
  if (!(Number.isInteger(limit) && limit > 0 && limit <= MAX_UDP_BYTES))
    throw new RangeError(`maxUdpBytes ${limit} is not 1–${MAX_UDP_BYTES}`);
  let resolved: Resolved;
  try {
    resolved = await network.resolve(target.host, target.port);
  } catch (error) {
    return failAll(messages, failureOf(target, error));
  }
  const socket = dgram.createSocket(resolved.family === 6 ? 'udp6' : 'udp4');
  socket.on('error', () => {}); // each send reports its own error
  try {
    const results: SendResult[] = [];
    for (const message of messages) {
      const body = Buffer.from(message, 'utf8');
      if (body.length > limit) {
        results.push({
          written: false,
          error: new SyslogTransportError(
            'too_large',
            `${where(target)}: message of ${body.length} bytes is over the ${limit}-byte datagram limit (use TCP or TLS)`,
          ),
        });
        continue;
      }
      const sent = new Promise<void>((resolve, reject) =>
        socket.send(body, target.port, resolved.address, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      try {
        await withTimeout(target, sent);
        results.push({ written: true });
      } catch (error) {
        results.push({ written: false, error: failureOf(target, error) });
      }
    }
    return results;
  } finally {
    socket.close();
  }
}

/**
 * Sends syslog messages on one connection (TCP, TLS) or socket (UDP) through `network`; one
 * result per message. A destination the egress policy refuses fails every message (kind
 * `policy`) before any packet is sent.
 */
export function sendSyslog(
  network: Network,
  target: SyslogTarget,
  messages: string[],
): Promise<SendResult[]> {
  return target.protocol === 'udp'
    ? sendDatagrams(network, target, messages)
    : sendStream(network, target, messages);
}
