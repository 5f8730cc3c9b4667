// TLS probing of the deployment's own host and port: which protocol versions complete a handshake,
// which suites the server accepts, and its certificate. Protocol handshakes and the weak-suite
// ClientHello come from the engine; the certificate and suite details need the socket itself.
import type { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import tls from 'node:tls';
import {
  type Endpoint,
  LEGACY_TLS,
  negotiatedSuite,
  tlsHandshake,
  WEAK_SUITES,
} from '@netguard/engine';

export type TlsVersion = 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';
export const TLS_VERSIONS: readonly TlsVersion[] = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];

export type ProtocolProbe = { version: TlsVersion; accepted: boolean; error?: string };

/** What one handshake negotiated, with what the grade needs. */
export type NegotiatedSuite = {
  /** The IANA name, e.g. TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256. */
  name: string;
  protocol: string;
  /** Symmetric key bits (0 for NULL). */
  bits: number;
  forwardSecrecy: boolean;
  aead: boolean;
  /** The ephemeral key (ECDH X25519 253 bits, DH 2048...), or the certificate's for RSA key exchange. */
  keyExchange: { type: string; bits: number };
};

export type CertificateProbe = {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  sans: string[];
  /** Verified against the system store (or the configured CA) by the handshake. */
  chainTrusted: boolean;
  chainError?: string;
  /** The certificate names the host (checked on the parsed certificate). */
  nameMatches: boolean;
  daysToExpiry: number;
  publicKey: { type: string; bits: number };
};

export type TlsProber = {
  readonly host: string;
  readonly port: number;
  protocols(signal?: AbortSignal): Promise<ProtocolProbe[]>;
  /** Each suite in `candidates` (OpenSSL names) offered alone; the accepted ones. */
  suites(candidates: readonly string[], signal?: AbortSignal): Promise<NegotiatedSuite[]>;
  /** The weak suite (IANA name) chosen from a ClientHello offering only weak suites, or null. */
  weakSuite(): Promise<string | null>;
  certificate(): Promise<CertificateProbe>;
};

/** Errors that mean "this offer was refused" rather than "no TLS server there". */
const REFUSED =
  /PROTOCOL_VERSION|UNSUPPORTED_PROTOCOL|NO_PROTOCOLS|HANDSHAKE_FAILURE|NO_SHARED_CIPHER|INSUFFICIENT_SECURITY|NO_CIPHERS|closed|ECONNRESET/;
export const isRefusal = (error: string | undefined) => Boolean(error && REFUSED.test(error));

function bitsOf(name: string): number {
  if (/NULL/.test(name)) return 0;
  if (/EXPORT|DES40|RC4_40/.test(name)) return 40;
  if (/_DES_CBC_/.test(name)) return 56;
  if (/3DES/.test(name)) return 112;
  if (/AES_256|CHACHA20|AES256/.test(name)) return 256;
  return 128;
}

function connect(
  host: string,
  port: number,
  options: tls.ConnectionOptions,
  timeoutMs: number,
): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, rejectUnauthorized: false, ...options });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('timeout'));
    }, timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new Error(e.code ?? e.message));
    });
  });
}

/**
 * The classical strength of key-exchange groups whose size OpenSSL does not report: OpenSSL 3.5
 * (Node 24) negotiates the hybrid post-quantum groups first and names them only as a TLS group.
 * A hybrid is at least as strong as its elliptic-curve half, which is what is counted.
 */
const GROUP_BITS: Record<string, number> = {
  X25519: 253,
  X448: 448,
  X25519MLKEM768: 253,
  SecP256r1MLKEM768: 256,
  SecP384r1MLKEM1024: 384,
  secp256r1: 256,
  prime256v1: 256,
  secp384r1: 384,
  secp521r1: 521,
};

function describeSuite(socket: tls.TLSSocket): NegotiatedSuite {
  const cipher = socket.getCipher();
  const name = cipher.standardName ?? cipher.name;
  const protocol = socket.getProtocol() ?? 'unknown';
  const tls13 = protocol === 'TLSv1.3';
  const ephemeral = socket.getEphemeralKeyInfo();
  const forwardSecrecy = tls13 || /_(EC)?DHE_/.test(name);
  const peer = socket.getPeerX509Certificate();
  const certBits = peer?.publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
  const info = (ephemeral ?? {}) as Partial<tls.EphemeralKeyInfo>;
  const group = info.name;
  const size = info.size ? info.size : group ? GROUP_BITS[group] : undefined;
  const keyExchange =
    forwardSecrecy && size
      ? { type: `${info.type ?? ''} ${group ?? ''}`.trim(), bits: size }
      : { type: 'RSA', bits: certBits };
  return {
    name,
    protocol,
    bits: bitsOf(name),
    forwardSecrecy,
    aead: tls13 || /GCM|CHACHA20|CCM/.test(name),
    keyExchange,
  };
}

function keyOf(cert: X509Certificate) {
  const details = cert.publicKey.asymmetricKeyDetails;
  const type = cert.publicKey.asymmetricKeyType ?? 'unknown';
  if (details?.modulusLength) return { type, bits: details.modulusLength };
  const curveBits: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521 };
  return { type, bits: curveBits[details?.namedCurve ?? ''] ?? 0 };
}

/** A prober of host:port; `spend` is called once per handshake (the run's request budget). */
export function createTlsProber(
  host: string,
  port: number,
  spend: () => void,
  options: { ca?: string; servername?: string; timeoutMs?: number } = {},
): TlsProber {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const endpoint: Endpoint = { host, port, hostname: options.servername, timeoutMs };
  const sni = options.servername ? { servername: options.servername } : {};
  return {
    host,
    port,
    async protocols(signal) {
      const results: ProtocolProbe[] = [];
      for (const version of TLS_VERSIONS) {
        signal?.throwIfAborted();
        spend();
        const legacy = version === 'TLSv1' || version === 'TLSv1.1' ? LEGACY_TLS : {};
        const r = await tlsHandshake(endpoint, {
          ...legacy,
          minVersion: version,
          maxVersion: version,
        });
        // Accepted: the handshake completed AND the session reports the version offered.
        if (!r.ok) results.push({ version, accepted: false, error: r.error });
        else if (r.info?.protocol === version) results.push({ version, accepted: true });
        else
          results.push({
            version,
            accepted: false,
            error: `negotiated ${r.info?.protocol ?? 'unknown'}`,
          });
      }
      return results;
    },
    async suites(candidates, signal) {
      const accepted: NegotiatedSuite[] = [];
      for (const name of candidates) {
        signal?.throwIfAborted();
        spend();
        const tls13 = name.startsWith('TLS_');
        const offer: tls.ConnectionOptions = tls13
          ? { minVersion: 'TLSv1.3', ciphers: name }
          : { ...LEGACY_TLS, maxVersion: 'TLSv1.2', ciphers: `${name}:@SECLEVEL=0` };
        const socket = await connect(host, port, { ...sni, ...offer }, timeoutMs).catch(() => null);
        if (!socket) continue;
        accepted.push(describeSuite(socket));
        socket.destroy();
      }
      return accepted;
    },
    async weakSuite() {
      spend();
      const chosen = await negotiatedSuite(endpoint, Object.keys(WEAK_SUITES).map(Number));
      return chosen === null ? null : (WEAK_SUITES[chosen] ?? `0x${chosen.toString(16)}`);
    },
    async certificate() {
      spend();
      // The name is checked on the parsed certificate below, so `authorized` speaks of the chain only.
      const socket = await connect(
        host,
        port,
        { ...sni, ca: options.ca, ...LEGACY_TLS, checkServerIdentity: () => undefined },
        timeoutMs,
      );
      try {
        const cert = socket.getPeerX509Certificate();
        if (!cert) throw new Error('the server sent no certificate');
        const name = options.servername ?? host;
        const nameMatches =
          isIP(name) !== 0 ? cert.checkIP(name) !== undefined : cert.checkHost(name) !== undefined;
        const validTo = new Date(cert.validTo);
        return {
          subject: cert.subject.replaceAll('\n', ', '),
          issuer: cert.issuer.replaceAll('\n', ', '),
          validFrom: new Date(cert.validFrom).toISOString(),
          validTo: validTo.toISOString(),
          sans: (cert.subjectAltName ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          chainTrusted: socket.authorized,
          chainError: socket.authorizationError ? String(socket.authorizationError) : undefined,
          nameMatches,
          daysToExpiry: Math.floor((validTo.getTime() - Date.now()) / 86_400_000),
          publicKey: keyOf(cert),
        };
      } finally {
        socket.destroy();
      }
    },
  };
}
