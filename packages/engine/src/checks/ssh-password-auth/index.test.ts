import { afterEach, describe, expect, it } from 'vitest';
import { sshAuthMethods } from '../../services/probes/ssh.ts';
import { contextFor } from '../../testing/check-context.ts';
import type { Peer } from '../../testing/peers.ts';
import { startSshd } from '../../testing/sshd.ts';
import { sshPasswordAuth } from './index.ts';

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

// A real OpenSSH server (Debian openssh-server) in two configurations.
describe('ssh-password-auth', () => {
  it('reports an sshd with PasswordAuthentication yes', async () => {
    peer = await startSshd({ passwordAuthentication: true });
    const ctx = await contextFor(peer);
    expect(sshPasswordAuth.appliesTo(ctx)).toBe(true);
    const [finding] = await sshPasswordAuth.run(ctx);
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding).toMatchObject({ severity: 'medium', service: 'ssh', port: peer.port });
    expect(finding!.evidence).toContain('methods that can continue: publickey,password');
    expect(finding!.evidence).toContain('OpenSSH');
  });

  it('stays quiet for an sshd with PasswordAuthentication no', async () => {
    peer = await startSshd({ passwordAuthentication: false });
    const ctx = await contextFor(peer);
    // The probe itself works: it reads the methods, and password is not among them.
    const probe = await sshAuthMethods({ host: peer.host, port: peer.port, timeoutMs: 3000 });
    expect(probe?.methods).toEqual(['publickey']);
    expect(await sshPasswordAuth.run(ctx)).toEqual([]);
  });
});
