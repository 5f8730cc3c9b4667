import { encodeKexInit, type KexInit, plainPacket } from '../services/probes/ssh-wire.ts';
import { type Peer, startTcpPeer } from './peers.ts';

/** Algorithms a current OpenSSH offers by default. */
export const MODERN_KEXINIT: KexInit = {
  kex: ['curve25519-sha256', 'ecdh-sha2-nistp256', 'kex-strict-s-v00@openssh.com'],
  hostKey: ['ssh-ed25519', 'rsa-sha2-512'],
  ciphersClientToServer: ['chacha20-poly1305@openssh.com', 'aes128-ctr', 'aes256-gcm@openssh.com'],
  ciphersServerToClient: ['chacha20-poly1305@openssh.com', 'aes128-ctr', 'aes256-gcm@openssh.com'],
  macsClientToServer: ['hmac-sha2-256-etm@openssh.com', 'hmac-sha2-256'],
  macsServerToClient: ['hmac-sha2-256-etm@openssh.com', 'hmac-sha2-256'],
  compressionClientToServer: ['none', 'zlib@openssh.com'],
  compressionServerToClient: ['none', 'zlib@openssh.com'],
};

/** An SSH server that sends its identification line and a KEXINIT, then waits. */
export function startSshKexPeer(
  host: string,
  banner: string,
  kexInit: KexInit = MODERN_KEXINIT,
): Promise<Peer> {
  return startTcpPeer(host, (socket) => {
    socket.write(`${banner}\r\n`);
    socket.write(plainPacket(encodeKexInit(kexInit)));
    socket.on('data', () => {});
  });
}
