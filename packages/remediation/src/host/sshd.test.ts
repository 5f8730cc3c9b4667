import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { startTestHost, type TestHost } from '../testing/netns-host.ts';
import { remediationCycle } from '../testing/remediation-cycle.ts';
import { connectHost, type HostConnection } from './connection.ts';

let host: TestHost;
let root: HostConnection;
beforeAll(async () => {
  host = await startTestHost({ namespace: testResources().namespace(1), services: ['ssh'] });
  root = await connectHost({ host: host.address, username: 'root', privateKey: host.rootKey });
}, 60_000);
afterAll(async () => {
  root?.close();
  await host?.stop();
});

describe('sshd actions on a namespace host', () => {
  it('trusts on first use: the unpinned connection reports the key it saw', () => {
    expect(root.hostKeySha256).toBe(host.hostKeySha256);
    expect(root.hostKeySha256).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('sshd-disable-password-auth (the key login it keeps stays usable)', async () => {
    await remediationCycle({
      host,
      conn: root,
      actionId: 'sshd-disable-password-auth',
      checkId: 'ssh-password-auth',
      port: 22,
      portWhenFixed: 'open',
      changed: {
        '/etc/ssh/sshd_config': ['-PasswordAuthentication yes', '+PasswordAuthentication no'],
      },
      paths: ['/etc/ssh/sshd_config'],
      executionId: 's1',
    });
  });

  it('sshd-strong-algorithms', async () => {
    await remediationCycle({
      host,
      conn: root,
      actionId: 'sshd-strong-algorithms',
      checkId: 'ssh-weak-algorithms',
      port: 22,
      portWhenFixed: 'open',
      changed: {
        '/etc/ssh/sshd_config': [
          '-KexAlgorithms +diffie-hellman-group14-sha1',
          '-Ciphers +aes128-cbc',
          '-MACs +hmac-sha1-96',
          '+KexAlgorithms sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org',
          '+Ciphers chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com,aes256-ctr,aes128-ctr',
          '+MACs hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com',
        ],
      },
      paths: ['/etc/ssh/sshd_config'],
      executionId: 's2',
    });
  });
});

describe('connection failures', () => {
  it('a command that hangs is cut off at its timeout', async () => {
    const started = Date.now();
    const r = await root.exec('sleep 30', { timeoutMs: 300 });
    expect(r.code).toBe(-1);
    expect(r.stderr).toContain('timed out after 300 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a wrong password is auth_failed', async () => {
    const error = await connectHost({
      host: host.address,
      username: host.user.username,
      password: 'wrong',
      hostKeySha256: host.hostKeySha256,
    }).catch((e) => e);
    expect(error).toMatchObject({ name: 'RemediationError', code: 'auth_failed' });
  });

  it('a refused port is unreachable', async () => {
    // A loopback port that was free a moment ago (nothing else is probed).
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const error = await connectHost({
      host: '127.0.0.1',
      port,
      username: 'root',
      password: 'x',
    }).catch((e) => e);
    expect(error).toMatchObject({ code: 'unreachable' });
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it('a changed host key is host_key_mismatch, refused before authenticating', async () => {
    const pinned = host.hostKeySha256;
    const changed = await host.restartHostKeys();
    const signIns = () =>
      host.run('grep -c "Accepted publickey for root" /var/log/sshd.log || true');
    const before = signIns();
    expect(changed).not.toBe(pinned);
    // The right key for root: had it authenticated, the connection would have succeeded.
    const error = await connectHost({
      host: host.address,
      username: 'root',
      privateKey: host.rootKey,
      hostKeySha256: pinned,
    }).catch((e) => e);
    expect(error).toMatchObject({ code: 'host_key_mismatch' });
    expect(error.message).toContain(`presented host key ${changed}, not the pinned ${pinned}`);
    expect(signIns()).toBe(before);
    const repinned = await connectHost({
      host: host.address,
      username: 'root',
      privateKey: host.rootKey,
      hostKeySha256: changed,
    });
    expect((await repinned.exec('echo ok')).stdout).toBe('ok\n');
    expect(Number(signIns())).toBe(Number(before) + 1);
    repinned.close();
  });
});
