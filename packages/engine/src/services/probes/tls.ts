import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import type { TlsInfo } from '../../types.ts';
import type { Endpoint } from '../exchange.ts';

type Name = Record<string, string | string[] | undefined>;

function formatName(name: Name | undefined): string {
  if (!name) return '';
  return Object.entries(name)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`)
    .join(', ');
}

/**
 * Self-signed means the certificate names itself as issuer and its own key verifies it. A leaf
 * from an unknown CA is not: a missing chain or an untrusted issuer is a different problem.
 */
function isSelfSigned(raw: Buffer): boolean {
  try {
    const cert = new X509Certificate(raw);
    return cert.checkIssued(cert) && cert.verify(cert.publicKey);
  } catch {
    return false;
  }
}

/** Reads TLS details from a connected socket: protocol, cipher, certificate names and dates. */
export function describeTls(socket: tls.TLSSocket): TlsInfo | null {
  const cert = socket.getPeerCertificate(true);
  if (!cert || Object.keys(cert).length === 0) return null;
  const sans = (cert.subjectaltname ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const selfSigned = isSelfSigned(cert.raw);
  return {
    protocol: socket.getProtocol() ?? 'unknown',
    cipher: socket.getCipher()?.name ?? 'unknown',
    subject: formatName(cert.subject as unknown as Name),
    issuer: formatName(cert.issuer as unknown as Name),
    validFrom: new Date(cert.valid_from).toISOString(),
    validTo: new Date(cert.valid_to).toISOString(),
    sans,
    selfSigned,
    authorized: socket.authorized,
    authorizationError: socket.authorizationError ? String(socket.authorizationError) : undefined,
  };
}

/**
 * What a probe offers to reach a server that speaks only TLS 1.0/1.1 or only suites that modern
 * defaults refuse: Node's client starts at TLS 1.2 and OpenSSL's security level 1, and such a
 * server (the one that most needs a finding) would otherwise look like no TLS at all.
 */
export const LEGACY_TLS: tls.ConnectionOptions = {
  minVersion: 'TLSv1',
  ciphers: 'DEFAULT:@SECLEVEL=0',
};

/** Handshake errors that mean "not with this offer" rather than "not TLS" or "not there". */
const REFUSED_OFFER =
  /PROTOCOL_VERSION|UNSUPPORTED_PROTOCOL|NO_PROTOCOLS_AVAILABLE|HANDSHAKE_FAILURE|INSUFFICIENT_SECURITY|NO_SHARED_CIPHER/;

/** How to connect again to a TLS service that negotiated `info`: legacy offers where it needed them. */
export function tlsOptionsFor(info: TlsInfo | null | undefined): boolean | tls.ConnectionOptions {
  if (!info) return false;
  return info.protocol === 'TLSv1' || info.protocol === 'TLSv1.1' ? LEGACY_TLS : true;
}

export type HandshakeResult = { ok: true; info: TlsInfo | null } | { ok: false; error: string };

/**
 * Completes a TLS handshake (certificate not verified) and reports what was negotiated.
 * Extra options narrow the offer, e.g. { maxVersion: 'TLSv1.1' } to test legacy protocols.
 */
export function tlsHandshake(
  endpoint: Endpoint,
  options: tls.ConnectionOptions = {},
): Promise<HandshakeResult> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: endpoint.host,
      port: endpoint.port,
      servername: endpoint.hostname,
      rejectUnauthorized: false,
      ...options,
    });
    const timer = setTimeout(() => finish({ ok: false, error: 'timeout' }), endpoint.timeoutMs);
    const finish = (result: HandshakeResult) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    socket.once('secureConnect', () => finish({ ok: true, info: describeTls(socket) }));
    socket.once('error', (e: NodeJS.ErrnoException) =>
      finish({ ok: false, error: e.code ?? e.message }),
    );
    socket.once('close', () => finish({ ok: false, error: 'closed' }));
  });
}

/**
 * A handshake with Node's modern defaults, then, when the server refused that offer, one with
 * every protocol version and suite Node's OpenSSL can still speak.
 */
export async function tlsHandshakeAnyVersion(endpoint: Endpoint): Promise<HandshakeResult> {
  const modern = await tlsHandshake(endpoint);
  if (modern.ok || !REFUSED_OFFER.test(modern.error)) return modern;
  return tlsHandshake(endpoint, LEGACY_TLS);
}
