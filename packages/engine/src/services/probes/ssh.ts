import {
  createHash,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import type { Endpoint } from '../exchange.ts';
import { CLIENT_BANNER, type DirectionKeys, SshTransport } from './ssh-transport.ts';
import {
  encodeKexInit,
  type KexInit,
  MSG,
  mpint,
  parseKexInit,
  SshReader,
  sshString,
} from './ssh-wire.ts';

/** What the server said before key exchange: its identification line and KEXINIT lists. */
export type SshHello = { banner: string; kexInit: KexInit };

/** The outcome of a "none" user authentication request (RFC 4252 §5.2). */
export type SshAuthProbe = SshHello & {
  /** Methods that "can continue"; ['none'] when the server let us in without credentials. */
  methods: string[];
};

const KEX = ['curve25519-sha256', 'curve25519-sha256@libssh.org'];
const CIPHER = 'aes128-ctr';
const MAC = 'hmac-sha2-256';

/** Everything we can speak, so that no server refuses to send its own KEXINIT. */
const OFFER: KexInit = {
  kex: [...KEX, 'ecdh-sha2-nistp256', 'diffie-hellman-group14-sha256'],
  hostKey: ['ssh-ed25519', 'ecdsa-sha2-nistp256', 'rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'],
  ciphersClientToServer: [CIPHER, 'aes256-ctr', 'aes128-gcm@openssh.com'],
  ciphersServerToClient: [CIPHER, 'aes256-ctr', 'aes128-gcm@openssh.com'],
  macsClientToServer: [MAC, 'hmac-sha2-512'],
  macsServerToClient: [MAC, 'hmac-sha2-512'],
  compressionClientToServer: ['none'],
  compressionServerToClient: ['none'],
};

/** Exchanges banners and KEXINITs: reveals the algorithms a server offers. Null on failure. */
export async function sshHello(endpoint: Endpoint): Promise<SshHello | null> {
  const transport = new SshTransport(endpoint);
  try {
    const hello = await openHello(transport, OFFER);
    return hello && { banner: hello.banner, kexInit: hello.kexInit };
  } finally {
    transport.close();
  }
}

async function openHello(transport: SshTransport, offer: KexInit) {
  const banner = await transport.readBanner();
  if (!banner) return null;
  transport.writeRaw(`${CLIENT_BANNER}\r\n`);
  const ours = encodeKexInit(offer);
  transport.send(ours);
  const theirs = await transport.readMessage();
  const kexInit = theirs && parseKexInit(theirs);
  if (!theirs || !kexInit) return null;
  return { banner, kexInit, ours, theirs };
}

/**
 * Completes a curve25519-sha256 key exchange (aes128-ctr, hmac-sha2-256) and sends a "none"
 * userauth request; the failure reply lists the authentication methods the server accepts.
 * Sends no credentials. Null when the server cannot be reached or shares no algorithm.
 */
export async function sshAuthMethods(
  endpoint: Endpoint,
  user = 'netguard-scan',
): Promise<SshAuthProbe | null> {
  const transport = new SshTransport(endpoint);
  try {
    const hello = await openHello(transport, {
      ...OFFER,
      kex: KEX,
      ciphersClientToServer: [CIPHER],
      ciphersServerToClient: [CIPHER],
      macsClientToServer: [MAC],
      macsServerToClient: [MAC],
    });
    if (!hello || !supports(hello.kexInit)) return null;
    const sessionId = await keyExchange(transport, hello);
    if (!sessionId) return null;
    transport.send(Buffer.concat([Buffer.from([MSG.SERVICE_REQUEST]), sshString('ssh-userauth')]));
    const accept = await transport.readMessage();
    if (accept?.[0] !== MSG.SERVICE_ACCEPT) return null;
    transport.send(
      Buffer.concat([
        Buffer.from([MSG.USERAUTH_REQUEST]),
        sshString(user),
        sshString('ssh-connection'),
        sshString('none'),
      ]),
    );
    for (let i = 0; i < 8; i++) {
      const reply = await transport.readMessage();
      if (!reply) return null;
      if (reply[0] === MSG.USERAUTH_BANNER) continue;
      if (reply[0] === MSG.USERAUTH_SUCCESS) return { ...pick(hello), methods: ['none'] };
      if (reply[0] !== MSG.USERAUTH_FAILURE) return null;
      return { ...pick(hello), methods: new SshReader(reply.subarray(1)).nameList() };
    }
    return null;
  } catch {
    return null;
  } finally {
    transport.close();
  }
}

const pick = (hello: SshHello): SshHello => ({ banner: hello.banner, kexInit: hello.kexInit });

function supports(server: KexInit): boolean {
  return (
    KEX.some((k) => server.kex.includes(k)) &&
    server.ciphersClientToServer.includes(CIPHER) &&
    server.ciphersServerToClient.includes(CIPHER) &&
    server.macsClientToServer.includes(MAC) &&
    server.macsServerToClient.includes(MAC) &&
    server.compressionClientToServer.includes('none') &&
    server.compressionServerToClient.includes('none')
  );
}

/** RFC 8731 exchange; returns the session id once both sides switched to the new keys. */
async function keyExchange(
  transport: SshTransport,
  hello: SshHello & { ours: Buffer; theirs: Buffer },
): Promise<Buffer | null> {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  const clientPublic = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  transport.send(Buffer.concat([Buffer.from([MSG.KEX_ECDH_INIT]), sshString(clientPublic)]));
  const reply = await transport.readMessage();
  if (reply?.[0] !== MSG.KEX_ECDH_REPLY) return null;
  const reader = new SshReader(reply.subarray(1));
  const hostKey = reader.string();
  const serverPublic = reader.string();
  // The host key signature is not verified: the probe trusts nothing the server says after
  // this point and sends no secret, it only reads the list of authentication methods.
  if (serverPublic.length !== 32) return null;
  const shared = mpint(diffieHellman({ privateKey, publicKey: x25519Key(serverPublic) }));
  const hash = createHash('sha256')
    .update(sshString(CLIENT_BANNER))
    .update(sshString(hello.banner))
    .update(sshString(hello.ours))
    .update(sshString(hello.theirs))
    .update(sshString(hostKey))
    .update(sshString(clientPublic))
    .update(sshString(serverPublic))
    .update(shared)
    .digest();
  transport.send(Buffer.from([MSG.NEWKEYS]));
  const newKeys = await transport.readMessage();
  if (newKeys?.[0] !== MSG.NEWKEYS) return null;
  const derive = (letter: string, size: number) =>
    createHash('sha256')
      .update(shared)
      .update(hash)
      .update(letter)
      .update(hash)
      .digest()
      .subarray(0, size);
  const keys = (iv: string, key: string, mac: string): DirectionKeys => ({
    iv: derive(iv, 16),
    key: derive(key, 16),
    macKey: derive(mac, 32),
  });
  transport.installKeys(keys('A', 'C', 'E'), keys('B', 'D', 'F'));
  return hash;
}

function x25519Key(raw: Buffer): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
}
