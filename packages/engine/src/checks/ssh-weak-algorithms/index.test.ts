import { afterEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../../scripts/testing/current.ts';
import { sshHello } from '../../services/probes/ssh.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { MODERN_KEXINIT, startSshKexPeer } from '../../testing/ssh-peers.ts';
import { startSshd } from '../../testing/sshd.ts';
import { sshWeakAlgorithms } from './index.ts';

// The peers' address, in the file's block (startSshd's default, host 22, is in it too).
const HOST = testResources().host(21);

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

const LEGACY = {
  ...MODERN_KEXINIT,
  kex: ['diffie-hellman-group1-sha1', 'diffie-hellman-group-exchange-sha1', 'curve25519-sha256'],
  ciphersClientToServer: ['aes128-ctr', '3des-cbc', 'arcfour256'],
  ciphersServerToClient: ['aes128-ctr', 'aes256-cbc'],
  macsClientToServer: ['hmac-sha2-256', 'hmac-md5', 'hmac-sha1-96'],
  macsServerToClient: ['hmac-sha2-256'],
};

describe('ssh-weak-algorithms', () => {
  it('reports weak kex, ciphers and MACs read from the server KEXINIT', async () => {
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_6.6.1', LEGACY);
    const ctx = await contextFor(peer);
    expect(sshWeakAlgorithms.appliesTo(ctx)).toBe(true);
    const findings = await sshWeakAlgorithms.run(ctx);
    const byTitle = Object.fromEntries(findings.map((f) => [f.title, f]));
    expect(Object.keys(byTitle).sort()).toEqual([
      'SSH weak MAC algorithms offered',
      'SSH weak cipher algorithms offered',
      'SSH weak key exchange algorithms offered',
    ]);
    const kex = byTitle['SSH weak key exchange algorithms offered']!;
    expect(kex.description).toContain(
      'diffie-hellman-group1-sha1, diffie-hellman-group-exchange-sha1',
    );
    expect(kex.evidence).toContain('SSH-2.0-OpenSSH_6.6.1');
    expect(byTitle['SSH weak cipher algorithms offered']!.description).toContain(
      '3des-cbc, arcfour256, aes256-cbc',
    );
    expect(byTitle['SSH weak MAC algorithms offered']!.description).toContain(
      'hmac-md5, hmac-sha1-96',
    );
    expect(byTitle['SSH weak MAC algorithms offered']!.detection).toMatchObject({
      method: 'configuration',
      detail: "The server's KEXINIT offers hmac-md5, hmac-sha1-96.",
    });
  });

  it('reports Terrapin exposure: ChaCha20-Poly1305 without strict key exchange', async () => {
    const kex = MODERN_KEXINIT.kex.filter((k) => !k.startsWith('kex-strict'));
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_9.3', { ...MODERN_KEXINIT, kex });
    const findings = await sshWeakAlgorithms.run(await contextFor(peer));
    expect(findings.map((f) => f.cve_id)).toEqual(['CVE-2023-48795']);
    expect(findings[0]!.detection).toEqual({
      method: 'configuration',
      qod: 90,
      detail:
        "The server's KEXINIT offers chacha20-poly1305@openssh.com and no kex-strict-s-v00@openssh.com.",
      distribution: null,
    });
  });

  it('stays quiet for a server offering only modern algorithms', async () => {
    peer = await startSshKexPeer(HOST, 'SSH-2.0-OpenSSH_9.9', MODERN_KEXINIT);
    expect(await sshWeakAlgorithms.run(await contextFor(peer))).toEqual([]);
  });

  describe('against a real OpenSSH server', () => {
    it('reports algorithms re-enabled in sshd_config', async () => {
      peer = await startSshd({
        passwordAuthentication: false,
        extraConfig: [
          'KexAlgorithms +diffie-hellman-group1-sha1',
          'Ciphers +3des-cbc',
          'MACs +hmac-md5',
        ],
      });
      const findings = await sshWeakAlgorithms.run(await contextFor(peer));
      expect(findings.map((f) => f.description.split('. ')[0]).sort()).toEqual([
        'The server offers 3des-cbc',
        'The server offers diffie-hellman-group1-sha1',
        'The server offers hmac-md5',
      ]);
    });

    it('judges Terrapin from the offer: the Debian sshd offers ChaCha20 with strict kex, no CVE-2023-48795', async () => {
      peer = await startSshd({ passwordAuthentication: false });
      const hello = await sshHello({ host: peer.host, port: peer.port, timeoutMs: 1500 });
      // The version alone (9.2 < 9.6) would claim Terrapin; the offer decides.
      expect(hello!.banner).toMatch(/^SSH-2\.0-OpenSSH_9\.2p1 Debian-2\+deb12u\d+$/);
      expect(hello!.kexInit.ciphersServerToClient).toContain('chacha20-poly1305@openssh.com');
      expect(hello!.kexInit.kex).toContain('kex-strict-s-v00@openssh.com');
      const findings = await sshWeakAlgorithms.run(await contextFor(peer));
      expect(findings.map((f) => f.cve_id)).not.toContain('CVE-2023-48795');
    });

    it('stays quiet for the default configuration', async () => {
      peer = await startSshd({ passwordAuthentication: false });
      const ctx = await contextFor(peer);
      expect(ctx.service).toMatchObject({ name: 'ssh', product: 'OpenSSH' });
      expect(await sshWeakAlgorithms.run(ctx)).toEqual([]);
    });
  });
});
