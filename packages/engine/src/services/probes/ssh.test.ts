import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../../scripts/testing/current.ts';
import { type Peer, startTcpPeer } from '../../testing/peers.ts';
import { MODERN_KEXINIT, startSshKexPeer } from '../../testing/ssh-peers.ts';
import { sshAuthMethods, sshHello } from './ssh.ts';
import { encodeKexInit, plainPacket } from './ssh-wire.ts';

// The peers' address, in the file's block.
const H = testResources().host(24);
let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});
const at = (p: Peer, timeoutMs = 1500) => ({ host: p.host, port: p.port, timeoutMs });

describe('sshHello', () => {
  it('skips lines before the identification string and reads the KEXINIT lists', async () => {
    peer = await startTcpPeer(H, (socket) => {
      socket.write('Welcome, authorised users only\r\nSSH-2.0-OpenSSH_9.9\r\n');
      socket.write(plainPacket(encodeKexInit(MODERN_KEXINIT)));
      socket.on('data', () => {});
    });
    const hello = await sshHello(at(peer));
    expect(hello?.banner).toBe('SSH-2.0-OpenSSH_9.9');
    expect(hello?.kexInit).toEqual(MODERN_KEXINIT);
  });

  it('returns null for a service that is not SSH', async () => {
    peer = await startTcpPeer(H, (socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    expect(await sshHello(at(peer))).toBeNull();
  });
});

describe('sshAuthMethods', () => {
  it('gives up when the server shares no cipher, without waiting for the timeout', async () => {
    peer = await startSshKexPeer(H, 'SSH-2.0-Legacy_1.0', {
      ...MODERN_KEXINIT,
      ciphersClientToServer: ['3des-cbc'],
      ciphersServerToClient: ['3des-cbc'],
    });
    const started = performance.now();
    expect(await sshAuthMethods(at(peer, 5000))).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('returns null when the server stalls in the key exchange', async () => {
    peer = await startSshKexPeer(H, 'SSH-2.0-Stalls_1.0');
    expect(await sshAuthMethods(at(peer, 400))).toBeNull();
  });
});
