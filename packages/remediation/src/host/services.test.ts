import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { RemediationError } from '../execution.ts';
import { startTestHost, type TestHost } from '../testing/netns-host.ts';
import { actionById, remediationCycle } from '../testing/remediation-cycle.ts';
import type { RemediationAction } from '../types.ts';
import { connectHost, type HostConnection } from './connection.ts';
import { applyHost, dryRunHost, HostApplyError, rollbackHost } from './execute.ts';
import { type HostCapture, toCaptured } from './state.ts';

const LATIN1 = Buffer.from('anonymous_enable=YES\n# caf\xe9 (ISO-8859-1)\n', 'latin1');
let host: TestHost;
let root: HostConnection;
beforeAll(async () => {
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'vsftpd', 'redis-server', 'memcached'],
    files: { '/etc/netguard-latin1.conf': LATIN1 },
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
        portWhenFixed: 'open',
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
      portWhenFixed: 'closed',
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
      portWhenFixed: 'closed',
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
      portWhenFixed: 'filtered',
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

describe('failures half way and dry runs that change nothing', () => {
  /** Edits `file`, adds an nft rule, then fails: a reload of a service that does not exist. */
  const failsLate = (file: string): RemediationAction => ({
    ...actionById('vsftpd-disable-anonymous'),
    id: 'test-fails-late',
    operations: () => [
      { kind: 'set-option', file, key: 'anonymous_enable', value: 'NO', syntax: 'equals' },
      { kind: 'nft-drop', port: 21, protocol: 'tcp' },
      { kind: 'reload-service', service: 'netguard-no-such-service', restart: true },
    ],
  });

  it('a step failing after changes: command_failed, everything it changed put back', async () => {
    const before = readFileSync(host.outside('/etc/vsftpd.conf'));
    const error = await applyHost(root, failsLate('/etc/vsftpd.conf'), {}, 'p1').catch((e) => e);
    expect(error).toBeInstanceOf(HostApplyError);
    expect(error.code).toBe('command_failed');
    const steps = (error as HostApplyError).log.map((l) => `${l.ok ? 'ok' : 'FAIL'} ${l.step}`);
    expect(steps).toEqual(
      expect.arrayContaining([
        'ok wrote /etc/vsftpd.conf',
        'ok $ nft -f -',
        'FAIL $ service netguard-no-such-service restart',
        'FAIL apply failed: restoring the captured state',
        `ok restored /etc/vsftpd.conf (${before.length} bytes, mode 644, owner root:root)`,
        'ok deleted table inet netguard (absent before)',
      ]),
    );
    expect(readFileSync(host.outside('/etc/vsftpd.conf'))).toEqual(before);
    expect(host.run('nft list ruleset')).toBe('');
    // A rollback of the captured state afterwards finds everything as captured.
    const again = await rollbackHost(root, (error as HostApplyError).captured!, 'p1').catch(
      (e) => e,
    );
    expect(again).toBeInstanceOf(RemediationError); // the made-up service cannot be reloaded
    expect(again.log.map((l: { step: string }) => l.step)).toEqual(
      expect.arrayContaining([
        '/etc/vsftpd.conf: unchanged, as captured',
        'table inet netguard: as captured',
      ]),
    );
  });

  it('a symlinked file that is not UTF-8 comes back byte for byte, still a symlink', async () => {
    host.run('ln -sf /etc/netguard-latin1.conf /etc/netguard-link.conf');
    const error = await applyHost(root, failsLate('/etc/netguard-link.conf'), {}, 'p2').catch(
      (e) => e,
    );
    expect(error).toMatchObject({ code: 'command_failed' });
    expect(readFileSync(host.outside('/etc/netguard-latin1.conf'))).toEqual(LATIN1);
    expect(host.run('readlink /etc/netguard-link.conf')).toBe('/etc/netguard-latin1.conf\n');
  });

  it('a package version the repositories no longer carry: the rollback says it cannot', async () => {
    const captured: HostCapture = {
      actionId: 'upgrade-package',
      executionId: 'u1',
      serviceManager: 'service',
      files: [],
      moved: [],
      packages: [{ name: 'nginx', manager: 'apt', version: '0.0-netguard-test' }],
      services: [],
    };
    const error = await rollbackHost(root, toCaptured(captured), 'u1').catch((e) => e);
    expect(error).toMatchObject({
      code: 'command_failed',
      message: 'rollback incomplete: package nginx',
    });
    expect(error.log.map((l: { step: string }) => l.step)).toContain(
      'cannot reinstall nginx=0.0-netguard-test: the repositories no longer carry it (apt-cache madison); install it by hand from a saved .deb',
    );
  });

  it('a finding without the port the action needs: missing_parameter', async () => {
    const error = await dryRunHost(root, actionById('firewall-close-port'), {}).catch((e) => e);
    expect(error).toMatchObject({ code: 'missing_parameter' });
  });

  it('upgrade-package dry run: installed version and apt simulation logged, nothing changed', async () => {
    const dry = await dryRunHost(root, actionById('upgrade-package'), { package: 'nginx' });
    const steps = dry.log.map((l) => l.step);
    expect(steps).toContain(`$ dpkg-query -W -f='\${Version}' nginx`);
    expect(steps).toContain('$ apt-get -s install --only-upgrade nginx');
    expect(dry.diffs).toEqual([{ target: 'package nginx', diff: expect.any(String) }]);
    expect(dry.script).toContain('apt-get install -y --only-upgrade');
  });
});
