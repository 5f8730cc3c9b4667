import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import type { TestDefinition } from '../model.ts';
import { type FixtureCerts, makeFixtureCerts } from '../testing/certs.ts';
import {
  type Running,
  startFixture,
  startRedirector,
  startTlsServer,
  type TlsSettings,
} from '../testing/fixture-server.ts';
import { createSecurityContext, type SecurityContextOptions } from './context.ts';
import { certificateValidity } from './tests/certificate.ts';
import { cipherSuites } from './tests/cipher-suites.ts';
import { hsts } from './tests/hsts.ts';
import { httpsRedirect } from './tests/https-redirect.ts';
import { tlsProtocols } from './tests/tls-protocols.ts';

let certs: FixtureCerts;
const servers: Running[] = [];
const host = () => testResources().host(1);

beforeAll(() => {
  certs = makeFixtureCerts(host());
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function tlsServer(settings: TlsSettings) {
  const server = await startTlsServer(host(), settings);
  servers.push(server);
  return server;
}

async function verdict(
  test: TestDefinition<ReturnType<typeof createSecurityContext>['context']>,
  options: SecurityContextOptions,
) {
  const { context } = createSecurityContext({ ca: certs.ca, ...options });
  const outcome = await test.run(context, AbortSignal.timeout(15_000));
  return outcome;
}

const modern = (): TlsSettings => ({
  ...certs.valid,
  minVersion: 'TLSv1.2',
  ciphers: 'ECDHE+AESGCM:ECDHE+CHACHA20',
});

describe('TLS protocol versions', () => {
  it('passes TLS 1.2 and 1.3 only, fails TLS 1.0 only and plain HTTP', async () => {
    const good = await tlsServer(modern());
    const legacy = await tlsServer({
      ...certs.valid,
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1',
      ciphers: 'DEFAULT:@SECLEVEL=0',
    });
    const plain = await startRedirector(host());
    servers.push(plain);
    const ok = await verdict(tlsProtocols, { baseUrl: good.url });
    expect(ok.verdict, ok.reason).toBe('passed');
    const bad = await verdict(tlsProtocols, { baseUrl: legacy.url });
    expect(bad.verdict, bad.reason).toBe('failed');
    expect(bad.reason).toContain('TLS 1.0');
    const http = await verdict(tlsProtocols, { baseUrl: plain.url });
    expect(http.verdict, http.reason).toBe('failed');
    expect(http.reason).toContain('plain HTTP');
  });

  it('fails a server that refuses TLS 1.3', async () => {
    const tls12 = await tlsServer({ ...modern(), maxVersion: 'TLSv1.2' });
    const outcome = await verdict(tlsProtocols, { baseUrl: tls12.url });
    expect(outcome.verdict, outcome.reason).toBe('failed');
    expect(outcome.reason).toContain('TLS 1.3 was refused');
  });

  it('is inconclusive when nothing speaks TLS there', async () => {
    const plain = await startRedirector(host());
    servers.push(plain);
    const outcome = await verdict(tlsProtocols, { baseUrl: plain.url.replace('http:', 'https:') });
    expect(outcome.verdict, outcome.reason).toBe('inconclusive');
  });
});

describe('certificate validity', () => {
  it('passes a CA-signed certificate for the address, fails expired, wrong-name and self-signed ones', async () => {
    const ok = await verdict(certificateValidity, { baseUrl: (await tlsServer(modern())).url });
    expect(ok.verdict, ok.reason).toBe('passed');
    expect(ok.measurements?.daysToExpiry).toBeGreaterThan(80);
    for (const [pair, words] of [
      [certs.expired, 'expired'],
      [certs.wrongName, 'does not name'],
      [certs.selfSigned, 'not trusted'],
    ] as const) {
      const outcome = await verdict(certificateValidity, {
        baseUrl: (await tlsServer({ ...pair })).url,
      });
      expect(outcome.verdict, outcome.reason).toBe('failed');
      expect(outcome.reason).toContain(words);
    }
  });
});

describe('cipher suites and forward secrecy', () => {
  it('passes ECDHE with AEAD, fails RSA key exchange without forward secrecy', async () => {
    const ok = await verdict(cipherSuites, { baseUrl: (await tlsServer(modern())).url });
    expect(ok.verdict, ok.reason).toBe('passed');
    const noFs = await tlsServer({
      ...certs.rsa,
      maxVersion: 'TLSv1.2',
      ciphers: 'AES128-GCM-SHA256:AES256-SHA',
    });
    const bad = await verdict(cipherSuites, { baseUrl: noFs.url });
    expect(bad.verdict, bad.reason).toBe('failed');
    expect(bad.reason).toContain('without forward secrecy');
  });
});

describe('HTTP to HTTPS redirect and HSTS', () => {
  it('passes a same-host 301 to HTTPS with a year of HSTS, fails plain HTTP without either', async () => {
    const site = await startFixture(host(), 'good', modern());
    servers.push(site);
    const redirector = await startRedirector(host(), site.url);
    servers.push(redirector);
    const ok = await verdict(httpsRedirect, { baseUrl: site.url, plainHttpUrl: redirector.url });
    expect(ok.verdict, ok.reason).toBe('passed');
    const strict = await verdict(hsts, { baseUrl: site.url });
    expect(strict.verdict, strict.reason).toBe('passed');

    const plain = await startFixture(host(), 'bad');
    servers.push(plain);
    const noRedirect = await verdict(httpsRedirect, { baseUrl: plain.url });
    expect(noRedirect.verdict, noRedirect.reason).toBe('failed');
    const noHsts = await verdict(hsts, { baseUrl: plain.url });
    expect(noHsts.verdict, noHsts.reason).toBe('failed');
    // An https deployment without the header fails too, not only a plain one.
    const bare = await startFixture(host(), 'bad', modern());
    servers.push(bare);
    const missing = await verdict(hsts, { baseUrl: bare.url });
    expect(missing.verdict, missing.reason).toBe('failed');
    expect(missing.reason).toContain('no Strict-Transport-Security');
  });
});
