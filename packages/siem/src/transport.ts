// Syslog senders over TCP (octet counting), UDP (one datagram per message) and TLS: each message
// gets a result, and a failure is a classified error, never a silent drop.
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
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

export type TransportErrorKind = 'refused' | 'timeout' | 'tls' | 'too_large' | 'network';

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

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_)/;

/** Maps a socket error onto refused, timeout, tls or network, with the target in the message. */
export function classifyError(target: SyslogTarget, error: unknown): SyslogTransportError {
  if (error instanceof SyslogTransportError) return error;
  const where = `syslog ${target.protocol}://${target.host}:${target.port}`;
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED')
    return new SyslogTransportError('refused', `${where}: connection refused`, { cause: error });
  if (code === 'ETIMEDOUT')
    return new SyslogTransportError('timeout', `${where}: timed out (${detail})`, { cause: error });
  if (TLS_CODE.test(code) || /SSL|TLS|certificate/i.test(detail))
    return new SyslogTransportError('tls', `${where}: TLS failed: ${detail}`, { cause: error });
  return new SyslogTransportError('network', `${where}: ${detail}`, { cause: error });
}

const timeoutError = (target: SyslogTarget, what: string, ms: number) =>
  new SyslogTransportError(
    'timeout',
    `syslog ${target.protocol}://${target.host}:${target.port}: ${what} took more than ${ms} ms`,
  );

function withTimeout<T>(target: SyslogTarget, what: string, work: Promise<T>): Promise<T> {
  const ms = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(target, what, ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Connects (and for TLS completes the handshake) within the timeout; the socket is destroyed otherwise. */
function connectStream(target: SyslogTarget): Promise<net.Socket> {
  const ms = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const servername = target.servername ?? target.host;
  return new Promise((resolve, reject) => {
    const socket =
      target.protocol === 'tls'
        ? tls.connect({
            host: target.host,
            port: target.port,
            ca: target.ca,
            // SNI carries names only; the certificate is checked against the name or address.
            servername: net.isIP(servername) ? undefined : servername,
            checkServerIdentity: (_host, cert) => tls.checkServerIdentity(servername, cert),
          })
        : net.connect({ host: target.host, port: target.port });
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(timeoutError(target, 'connecting', ms)), ms);
    socket.once('error', fail);
    socket.once(target.protocol === 'tls' ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      resolve(socket);
    });
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

async function sendStream(target: SyslogTarget, messages: string[]): Promise<SendResult[]> {
  let open: net.Socket;
  try {
    open = await connectStream(target);
  } catch (error) {
    const failure = classifyError(target, error);
    return messages.map(() => ({ written: false, error: failure }));
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
      await withTimeout(target, 'writing a message', writeTo(open, octetFrame(message)));
      results.push({ written: true });
    } catch (error) {
      results.push({ written: false, error: classifyError(target, error) });
    }
  }
  if (results.every((r) => r.written)) {
    await withTimeout(target, 'closing', endStream(open)).catch(() => open.destroy());
  } else open.destroy();
  return results;
}

async function sendDatagrams(target: SyslogTarget, messages: string[]): Promise<SendResult[]> {
  const limit = target.maxUdpBytes ?? DEFAULT_MAX_UDP_BYTES;
  if (!(Number.isInteger(limit) && limit > 0 && limit <= MAX_UDP_BYTES))
    throw new RangeError(`maxUdpBytes ${limit} is not 1–${MAX_UDP_BYTES}`);
  const socket = dgram.createSocket(net.isIPv6(target.host) ? 'udp6' : 'udp4');
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
            `syslog udp://${target.host}:${target.port}: message of ${body.length} bytes is over the ${limit}-byte datagram limit (use TCP or TLS)`,
          ),
        });
        continue;
      }
      const sent = new Promise<void>((resolve, reject) =>
        socket.send(body, target.port, target.host, (error) => (error ? reject(error) : resolve())),
      );
      try {
        await withTimeout(target, 'sending a datagram', sent);
        results.push({ written: true });
      } catch (error) {
        results.push({ written: false, error: classifyError(target, error) });
      }
    }
    return results;
  } finally {
    socket.close();
  }
}

/** Sends syslog messages on one connection (TCP, TLS) or socket (UDP); one result per message. */
export function sendSyslog(target: SyslogTarget, messages: string[]): Promise<SendResult[]> {
  return target.protocol === 'udp' ? sendDatagrams(target, messages) : sendStream(target, messages);
}
