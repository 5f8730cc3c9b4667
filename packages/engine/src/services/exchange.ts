import net from 'node:net';
import tls from 'node:tls';

/** Where and how to connect for a service probe. */
export type Endpoint = {
  host: string;
  port: number;
  /** Name for SNI and certificate checks, when the target was given by name. */
  hostname?: string;
  tls?: boolean | tls.ConnectionOptions;
  timeoutMs: number;
};

export type ExchangeOptions = {
  /** Bytes to send once connected; none waits for a server-first banner. */
  send?: Buffer | string;
  /** Stop reading as soon as this says the answer is complete. */
  complete?: (data: Buffer) => boolean;
  maxBytes?: number;
};

export type ExchangeResult = { data: Buffer; socket?: tls.TLSSocket; error?: string };

/**
 * Connects, optionally sends a payload, and collects the reply until it is complete, the peer
 * closes, maxBytes arrive or the timeout passes. Never throws: errors come back in `error`.
 */
export function exchange(
  endpoint: Endpoint,
  options: ExchangeOptions = {},
): Promise<ExchangeResult> {
  const maxBytes = options.maxBytes ?? 65_536;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket = openSocket(endpoint);
    const done = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const data = Buffer.concat(chunks).subarray(0, maxBytes);
      resolve({ data, error, socket: socket instanceof tls.TLSSocket ? socket : undefined });
    };
    const timer = setTimeout(() => done(size ? undefined : 'timeout'), endpoint.timeoutMs);
    socket.once(endpoint.tls ? 'secureConnect' : 'connect', () => {
      if (options.send !== undefined) socket.write(options.send);
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes || options.complete?.(Buffer.concat(chunks))) done();
    });
    socket.once('end', () => done());
    socket.once('close', () => done());
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

function openSocket(endpoint: Endpoint): net.Socket {
  const { host, port } = endpoint;
  if (!endpoint.tls) return net.connect({ host, port });
  const extra = typeof endpoint.tls === 'object' ? endpoint.tls : {};
  // Probes must see every certificate, valid or not; the checks judge it afterwards.
  return tls.connect({
    host,
    port,
    servername: endpoint.hostname,
    rejectUnauthorized: false,
    ...extra,
  });
}

/**
 * Printable form of raw bytes for evidence: control bytes escaped, trimmed to max characters.
 * Bytes (a Buffer) above 0x7e are escaped too; a string keeps its non-control characters, so that
 * text made printable once (ending in "…") passes through again unchanged.
 */
export function printable(data: Buffer | string, max = 300): string {
  const raw = typeof data !== 'string';
  const text = raw ? data.toString('latin1') : data;
  let escaped = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    const control = code < 0x20 || (code >= 0x7f && (raw || code < 0xa0));
    escaped += control ? `\\x${code.toString(16).padStart(2, '0')}` : c;
  }
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

/** True when the bytes so far cannot be the start of any of the expected prefixes. */
export function cannotStartWith(data: Buffer, prefixes: readonly string[]): boolean {
  const head = data.toString('latin1', 0, Math.max(...prefixes.map((p) => p.length)));
  return !prefixes.some((p) => p.startsWith(head.slice(0, p.length)) || head.startsWith(p));
}
