import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { makeCert } from './testing/certs.ts';
import { startNginx, startOpensslServer, type TlsRange } from './testing/daemons.ts';
import type { Peer } from './testing/peers.ts';
import { scanPeer } from './testing/scan-peer.ts';

// The TLS matrix of issue 33: real nginx and `openssl s_server` peers on the file's block, each
// speaking one range of protocol versions, scanned through the whole engine. A server that speaks
// only TLS 1.0 or 1.1 is the one that most needs the finding: it must be named as TLS, not as
// plain HTTP or an unknown service.
const net = testResources();

type Case = {
  label: string;
  nginx: string;
  range: TlsRange;
  /** The version a default (modern-first) handshake ends on. */
  negotiated: string;
  /** What the legacy-protocol finding names as accepted; null when there is no finding. */
  legacy: string | null;
};

const CASES: Case[] = [
  {
    label: 'only TLS 1.0',
    nginx: 'TLSv1',
    range: { min: 'TLSv1', max: 'TLSv1' },
    negotiated: 'TLSv1',
    legacy: 'TLS 1.0',
  },
  {
    label: 'only TLS 1.1',
    nginx: 'TLSv1.1',
    range: { min: 'TLSv1.1', max: 'TLSv1.1' },
    negotiated: 'TLSv1.1',
    legacy: 'TLS 1.1',
  },
  {
    label: 'TLS 1.0 to 1.2',
    nginx: 'TLSv1 TLSv1.1 TLSv1.2',
    range: { min: 'TLSv1', max: 'TLSv1.2' },
    negotiated: 'TLSv1.2',
    legacy: 'TLS 1.0 and TLS 1.1',
  },
  {
    label: 'TLS 1.2 to 1.3',
    nginx: 'TLSv1.2 TLSv1.3',
    range: { min: 'TLSv1.2', max: 'TLSv1.3' },
    negotiated: 'TLSv1.3',
    legacy: null,
  },
];

const peers = new Map<string, Peer>();
beforeAll(async () => {
  const tls = makeCert('valid');
  const started = await Promise.allSettled(
    CASES.flatMap((c, i) => [
      startNginx(net.host(10 + i), { tls, hardened: true, protocols: c.nginx }).then((p) =>
        peers.set(`nginx ${c.label}`, p),
      ),
      startOpensslServer(net.host(20 + i), tls, c.range).then((p) =>
        peers.set(`openssl ${c.label}`, p),
      ),
    ]),
  );
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}, 30_000);
afterAll(() => Promise.all([...peers.values()].map((p) => p.close())));

describe.each(['nginx', 'openssl'])('%s', (server) => {
  it.each(CASES)('$label: named as TLS, legacy finding $legacy', async (c) => {
    const { service, findings } = await scanPeer(peers.get(`${server} ${c.label}`)!);
    // Off the TLS ports the engine hints (443, 8443, ...): the version fallback must find it.
    expect(service.name).toBe('https');
    expect(service.tls?.protocol).toBe(c.negotiated);
    const legacy = findings.find((f) => f.check_id === 'tls-legacy-protocol');
    if (c.legacy === null) {
      expect(legacy).toBeUndefined();
      return;
    }
    expect(legacy?.description).toContain(`accepts ${c.legacy},`);
    expect(legacy?.mitigations.map((m) => m.title)).toContain('Disable TLS 1.0 and 1.1');
    if (server === 'nginx') expect(service.product).toBe('nginx');
  });
});
