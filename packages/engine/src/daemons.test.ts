import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { makeCert } from './testing/certs.ts';
import { startMemcached, startNginx, startRedis, startVsftpd } from './testing/daemons.ts';
import type { Peer } from './testing/peers.ts';
import { scanPeer } from './testing/scan-peer.ts';
import type { Finding } from './types.ts';

// Real Debian daemons (redis-server, memcached, vsftpd, nginx) on the file's block, one address
// each, scanned through the whole engine: detection and checks as a user of the CLI sees them.
const net = testResources();
const peers: Record<string, Peer> = {};
beforeAll(async () => {
  const tls = makeCert('valid');
  const started = await Promise.allSettled([
    startRedis(net.host(1)),
    startRedis(net.host(2), 'Str0ng-redis-password'),
    startMemcached(net.host(3)),
    startVsftpd(net.host(4), true),
    startVsftpd(net.host(5), false),
    startNginx(net.host(6), { tls, hardened: false }),
    startNginx(net.host(7), { tls, hardened: true }),
    // Off their default ports (6379, 11211), as the issue found them.
    startRedis(net.host(8), undefined, 6390),
    startMemcached(net.host(9), 11299),
  ]);
  const names = [
    'redis',
    'redisAuth',
    'memcached',
    'ftpAnon',
    'ftp',
    'nginx',
    'nginxHardened',
    'redisMoved',
    'memcachedMoved',
  ];
  started.forEach((s, i) => {
    if (s.status === 'fulfilled') peers[names[i]!] = s.value;
  });
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}, 30_000);
afterAll(() => Promise.all(Object.values(peers).map((p) => p.close())));

/** Every text of a finding a person reads: title, description, solution and its mitigations. */
const textsOf = (f: Finding) => [
  f.title,
  f.description,
  f.solution,
  ...f.mitigations.flatMap((m) => [m.title, m.description, ...m.instructions]),
];

/** The version a Debian binary reports of itself (nginx -v prints it on stderr). */
function versionOf(command: string, args: string[], pattern: RegExp): string {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  const match = pattern.exec(`${run.stdout}${run.stderr}`);
  if (!match) throw new Error(`no version in the output of ${command} ${args.join(' ')}`);
  return match[1]!;
}

describe('redis-server', () => {
  it('is named with its real version and reported without a password', async () => {
    const { service, checks } = await scanPeer(peers.redis!);
    const version = versionOf('redis-server', ['--version'], /v=(\d+\.\d+\.\d+)/);
    expect(service).toMatchObject({ name: 'redis', product: 'Redis', version });
    expect(checks).toContain('redis-no-auth');
  });

  it('is still recognised, and not reported, behind requirepass', async () => {
    const { service, checks } = await scanPeer(peers.redisAuth!);
    expect(service.name).toBe('redis');
    expect(checks).not.toContain('redis-no-auth');
  });
});

describe('memcached', () => {
  it('is named with its real version and reported as reachable', async () => {
    const { service, checks } = await scanPeer(peers.memcached!);
    const version = versionOf('memcached', ['-V'], /memcached (\d+\.\d+\.\d+)/);
    expect(service).toMatchObject({ name: 'memcached', product: 'Memcached', version });
    expect(checks).toContain('memcached-exposed');
  });
});

describe('a service off its default port', () => {
  it.each([
    ['redisMoved', 'redis-no-auth', 6390, 6379],
    ['memcachedMoved', 'memcached-exposed', 11299, 11211],
  ] as const)('%s: the texts of %s name port %i, never %i', async (name, checkId, port, usual) => {
    const { findings } = await scanPeer(peers[name]!);
    const finding = findings.find((f) => f.check_id === checkId);
    expect(finding?.port).toBe(port);
    const texts = findings.flatMap(textsOf).join('\n');
    expect(texts).toContain(`port ${port}`);
    expect(texts).not.toContain(String(usual));
  });
});

describe('vsftpd', () => {
  it('is named with its version and reported when anonymous login works', async () => {
    const { service, checks } = await scanPeer(peers.ftpAnon!);
    expect(service).toMatchObject({ name: 'ftp', product: 'vsFTPd', version: '3.0.3' });
    expect(checks).toContain('ftp-anonymous');
  });

  it('is not reported with anonymous_enable=NO', async () => {
    const { service, checks } = await scanPeer(peers.ftp!);
    expect(service).toMatchObject({ name: 'ftp', product: 'vsFTPd' });
    expect(checks).not.toContain('ftp-anonymous');
  });
});

describe('nginx over TLS', () => {
  it('is named with its real version; self-signed, listing, headers and version are reported', async () => {
    const { service, checks } = await scanPeer(peers.nginx!);
    const version = versionOf('/usr/sbin/nginx', ['-v'], /nginx\/(\d+\.\d+\.\d+)/);
    expect(service).toMatchObject({ name: 'https', product: 'nginx', version });
    expect(service.tls).toMatchObject({ selfSigned: true });
    expect(checks).toEqual(
      expect.arrayContaining([
        'http-directory-listing',
        'http-security-headers',
        'http-server-version',
        'tls-self-signed',
      ]),
    );
  });

  it('reports none of the HTTP findings with server_tokens off and the security headers', async () => {
    const { service, checks } = await scanPeer(peers.nginxHardened!);
    expect(service).toMatchObject({ name: 'https', product: 'nginx' });
    expect(service.version).toBeUndefined();
    expect(checks.filter((c) => c.startsWith('http-'))).toEqual([]);
    expect(checks).toContain('tls-self-signed');
  });
});
