import { type Endpoint, exchange } from '../exchange.ts';

/** Weak cipher suites by IANA code: NULL, EXPORT, anonymous, DES, 3DES and RC4 families. */
export const WEAK_SUITES: Record<number, string> = {
  1: 'TLS_RSA_WITH_NULL_MD5',
  2: 'TLS_RSA_WITH_NULL_SHA',
  59: 'TLS_RSA_WITH_NULL_SHA256',
  49158: 'TLS_ECDHE_ECDSA_WITH_NULL_SHA',
  49168: 'TLS_ECDHE_RSA_WITH_NULL_SHA',
  3: 'TLS_RSA_EXPORT_WITH_RC4_40_MD5',
  8: 'TLS_RSA_EXPORT_WITH_DES40_CBC_SHA',
  4: 'TLS_RSA_WITH_RC4_128_MD5',
  5: 'TLS_RSA_WITH_RC4_128_SHA',
  49169: 'TLS_ECDHE_RSA_WITH_RC4_128_SHA',
  49159: 'TLS_ECDHE_ECDSA_WITH_RC4_128_SHA',
  9: 'TLS_RSA_WITH_DES_CBC_SHA',
  10: 'TLS_RSA_WITH_3DES_EDE_CBC_SHA',
  49170: 'TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA',
  49160: 'TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA',
  22: 'TLS_DHE_RSA_WITH_3DES_EDE_CBC_SHA',
  24: 'TLS_DH_anon_WITH_RC4_128_MD5',
  27: 'TLS_DH_anon_WITH_3DES_EDE_CBC_SHA',
  49176: 'TLS_ECDH_anon_WITH_AES_128_CBC_SHA',
};

function u16(n: number): Buffer {
  return Buffer.from([n >> 8, n & 255]);
}

/** A TLS 1.2 ClientHello offering exactly the given suites (with the curves and signature algorithms servers expect). */
export function buildClientHello(suites: readonly number[]): Buffer {
  const ext = (type: number, body: Buffer) => Buffer.concat([u16(type), u16(body.length), body]);
  const groups = Buffer.from([0, 6, 0, 0x1d, 0, 0x17, 0, 0x18]);
  const sigalgs = Buffer.from([0, 8, 4, 3, 8, 4, 4, 1, 2, 1]);
  const extensions = Buffer.concat([
    ext(10, groups),
    ext(11, Buffer.from([1, 0])),
    ext(13, sigalgs),
    ext(0xff01, Buffer.from([0])),
  ]);
  const cipherBytes = Buffer.concat(suites.map(u16));
  const body = Buffer.concat([
    Buffer.from([3, 3]),
    Buffer.alloc(32, 0x4e),
    Buffer.from([0]),
    u16(cipherBytes.length),
    cipherBytes,
    Buffer.from([1, 0]),
    u16(extensions.length),
    extensions,
  ]);
  const handshake = Buffer.concat([Buffer.from([1, 0, body.length >> 8, body.length & 255]), body]);
  return Buffer.concat([Buffer.from([0x16, 3, 1]), u16(handshake.length), handshake]);
}

/** Offers only the given suites; returns the suite code the server picks, or null if it refuses. */
export async function negotiatedSuite(
  endpoint: Endpoint,
  suites: readonly number[],
): Promise<number | null> {
  const { data } = await exchange(
    { ...endpoint, tls: false },
    {
      send: buildClientHello(suites),
      complete: (d) => d.length >= 5 && (d[0] !== 0x16 || d.length >= 5 + 44),
    },
  );
  // Record: 0x16 handshake, then ServerHello (type 2): version(2) random(32) sid_len(1) sid suite(2).
  if (data.length < 44 || data[0] !== 0x16 || data[5] !== 2) return null;
  const sidLength = data[5 + 4 + 34]!;
  const at = 5 + 4 + 35 + sidLength;
  return data.length >= at + 2 ? data.readUInt16BE(at) : null;
}
