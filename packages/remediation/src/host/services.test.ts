import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost } from '../testing/netns-host.ts';
import { remediationCycle } from '../testing/remediation-cycle.ts';
import { connectHost, type HostConnection } from './connection.ts';

let host: TestHost;
let root: HostConnection;
beforeAll(async () => {
  host = await startTestHost({
    name: 'rem-svc',
    index: 41,
    services: ['ssh', 'vsftpd', 'redis-server', 'memcached'],
  });
  root = await connectHost({
    host: host.address,
    username: 'root',
    privateKey: host.rootKey,
    hostKeySha256: host.hostKeySha256,
  });
}, 60_000);
afterAll(async () => {
  root?.close();
  await host?.stop();
});

describe('service actions on a namespace host', () => {
  it('vsftpd-disable-anonymous, as a user with sudo and a password', async () => {
    const admin = await connectHost({
      host: host.address,
      username: host.user.username,
      password: host.user.password,
      sudo: 'sudo',
      hostKeySha256: host.hostKeySha256,
    });
    try {
      expect((await admin.exec('id -un', { sudo: false })).stdout.trim()).toBe('ngadmin');
      expect((await admin.exec('id -un')).stdout.trim()).toBe('root');
      await remediationCycle({
        host,
        conn: admin,
        actionId: 'vsftpd-disable-anonymous',
        checkId: 'ftp-anonymous',
        port: 21,
        changed: { '/etc/vsftpd.conf': ['-anonymous_enable=YES', '+anonymous_enable=NO'] },
        paths: ['/etc/vsftpd.conf'],
        executionId: 'e1',
      });
    } finally {
      admin.close();
    }
  });

  it('redis-bind-localhost', async () => {
    await remediationCycle({
      host,
      conn: root,
      actionId: 'redis-bind-localhost',
      checkId: 'redis-no-auth',
      port: 6379,
      changed: {
        '/etc/redis/redis.conf': [
          '-bind 0.0.0.0',
          '+bind 127.0.0.1 -::1',
          '-protected-mode no',
          '+protected-mode yes',
        ],
      },
      paths: ['/etc/redis/redis.conf'],
      executionId: 'e2',
    });
  });

  it('memcached-bind-localhost', async () => {
    await remediationCycle({
      host,
      conn: root,
      actionId: 'memcached-bind-localhost',
      checkId: 'memcached-exposed',
      port: 11211,
      changed: { '/etc/memcached.conf': ['--l 0.0.0.0', '+-l 127.0.0.1', '+-U 0'] },
      paths: ['/etc/memcached.conf'],
      executionId: 'e3',
    });
  });

  it('firewall-close-port on the Redis port: its own nft table, then none again', async () => {
    const { applied } = await remediationCycle({
      host,
      conn: root,
      actionId: 'firewall-close-port',
      params: { port: 6379 },
      checkId: 'redis-no-auth',
      port: 6379,
      changed: {
        'nft table inet netguard': [
          '+table inet netguard {',
          '+\tchain input {',
          '+\t\ttype filter hook input priority filter; policy accept;',
          '+\t\ttcp dport 6379 ct state new drop',
          '+\t}',
          '+}',
        ],
      },
      paths: [],
      executionId: 'e4',
    });
    expect(applied.captured.data.nftTable).toBeNull();
    expect(host.run('nft list ruleset')).toBe('');
  });
});
