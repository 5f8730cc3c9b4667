import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCert } from '../testing/certs.ts';
import type { Peer } from '../testing/peers.ts';
import {
  mysqlGreeting,
  startBannerPeer,
  startFtpPeer,
  startMemcachedPeer,
  startMongoPeer,
  startPostgresPeer,
  startRedisPeer,
} from '../testing/protocol-peers.ts';
import { startHttpPeer, startTlsPeer } from '../testing/servers.ts';
import { detectService } from './detect.ts';

const H = '127.0.0.1';
const peers: Peer[] = [];
const track = (peer: Peer) => {
  peers.push(peer);
  return peer;
};
afterAll(() => Promise.all(peers.map((p) => p.close())));

const detect = (peer: Peer) =>
  detectService(peer.host, peer.port, { timeoutMs: 1500, bannerWaitMs: 300 });

describe('detectService: server-first banners', () => {
  it.each([
    [
      'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6\r\n',
      'ssh',
      'OpenSSH',
      '8.9p1',
      'cpe:/a:openbsd:openssh:8.9p1',
    ],
    ['220 (vsFTPd 3.0.3)\r\n', 'ftp', 'vsFTPd', '3.0.3', 'cpe:/a:beasts:vsftpd:3.0.3'],
    [
      '220 mail.example ESMTP Postfix (Debian/GNU)\r\n',
      'smtp',
      'Postfix',
      undefined,
      'cpe:/a:postfix:postfix',
    ],
    ['+OK Dovecot ready.\r\n', 'pop3', 'Dovecot', undefined, 'cpe:/a:dovecot:dovecot'],
    [
      '* OK [CAPABILITY IMAP4rev1] Dovecot ready.\r\n',
      'imap',
      'Dovecot',
      undefined,
      'cpe:/a:dovecot:dovecot',
    ],
  ])('names %j', async (greeting, name, product, version, cpe) => {
    const service = await detect(track(await startBannerPeer(H, greeting)));
    expect(service).toMatchObject({ name, product, version, cpe });
    expect(service.banner).toContain(greeting.trim().slice(0, 10));
  });

  it('reads MySQL and MariaDB versions from the handshake packet', async () => {
    const mysql = await detect(track(await startBannerPeer(H, mysqlGreeting('8.0.36'))));
    expect(mysql).toMatchObject({ name: 'mysql', product: 'MySQL', version: '8.0.36' });
    const maria = await detect(
      track(await startBannerPeer(H, mysqlGreeting('5.5.5-10.11.6-MariaDB-0+deb12u1'))),
    );
    expect(maria).toMatchObject({ name: 'mysql', product: 'MariaDB', version: '10.11.6' });
  });

  it('recognises telnet option negotiation', async () => {
    const service = await detect(
      track(await startBannerPeer(H, Buffer.from([255, 253, 24, 255, 253, 32]))),
    );
    expect(service.name).toBe('telnet');
  });

  it('keeps the raw banner of an unknown service', async () => {
    const service = await detect(track(await startBannerPeer(H, 'WELCOME TO ACME CONTROL v2\r\n')));
    expect(service).toMatchObject({
      name: 'unknown',
      banner: 'WELCOME TO ACME CONTROL v2\\x0d\\x0a',
    });
  });
});

describe('detectService: active probes', () => {
  let tlsKeys: ReturnType<typeof makeCert>;
  beforeAll(() => {
    tlsKeys = makeCert('valid');
  });

  it('names an HTTP server from its Server header', async () => {
    const peer = track(
      await startHttpPeer(H, (_req, res) => {
        res.setHeader('Server', 'nginx/1.18.0');
        res.end('hi');
      }),
    );
    const service = await detect(peer);
    expect(service).toMatchObject({
      name: 'http',
      product: 'nginx',
      version: '1.18.0',
      cpe: 'cpe:/a:nginx:nginx:1.18.0',
    });
    expect(service.http?.status).toBe(200);
  });

  it('reports TLS protocol, cipher, certificate names, dates and SANs for HTTPS', async () => {
    const peer = track(await startHttpPeer(H, (_req, res) => res.end('secure'), tlsKeys));
    const service = await detect(peer);
    expect(service.name).toBe('https');
    expect(service.tls).toMatchObject({
      protocol: 'TLSv1.3',
      subject: 'CN=127.0.0.1',
      issuer: 'CN=127.0.0.1',
      sans: ['IP Address:127.0.0.1'],
      selfSigned: true,
    });
    expect(service.tls?.cipher).toMatch(/^TLS_/);
    expect(Date.parse(service.tls!.validTo)).toBeGreaterThan(Date.now());
  });

  it('names a TLS-wrapped line protocol', async () => {
    const service = await detect(track(await startTlsPeer(H, tlsKeys, '* OK IMAP ready\r\n')));
    expect(service.name).toBe('imaps');
  });

  it('identifies Redis with and without authentication', async () => {
    expect(await detect(track(await startRedisPeer(H)))).toMatchObject({
      name: 'redis',
      version: '6.0.9',
      extra: { auth: 'none' },
    });
    expect(await detect(track(await startRedisPeer(H, 's3cret')))).toMatchObject({
      name: 'redis',
      extra: { auth: 'required' },
    });
  });

  it('identifies Memcached, MongoDB and PostgreSQL', async () => {
    expect(await detect(track(await startMemcachedPeer(H)))).toMatchObject({
      name: 'memcached',
      version: '1.6.21',
    });
    expect(await detect(track(await startMongoPeer(H, true)))).toMatchObject({
      name: 'mongodb',
      version: '4.0.3',
    });
    expect(await detect(track(await startPostgresPeer(H)))).toMatchObject({
      name: 'postgresql',
      extra: { auth: 'md5' },
    });
  });

  it('follows a full FTP dialogue peer through its banner', async () => {
    expect(await detect(track(await startFtpPeer(H, true)))).toMatchObject({
      name: 'ftp',
      product: 'vsFTPd',
    });
  });
});
