import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeTcp } from '../../ports/tcp-probe.ts';
import { makeCert } from '../../testing/certs.ts';
import { contextFor } from '../../testing/check-context.ts';
import { freePort, type Peer } from '../../testing/peers.ts';
import { startTlsPeer } from '../../testing/servers.ts';
import { tlsWeakCipher } from './index.ts';

let peer: Peer | undefined;
let server: ChildProcess | undefined;
let certDir: string | undefined;
afterEach(async () => {
  server?.kill();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
  await peer?.close();
});

/** openssl s_server on 127.0.0.1 that also allows a NULL cipher (Node's OpenSSL cannot serve one). */
async function startWeakServer(): Promise<number> {
  const keys = makeCert('valid');
  certDir = mkdtempSync(join(tmpdir(), 'netguard-weak-'));
  const cert = join(certDir, 'weak.crt');
  const key = join(certDir, 'weak.key');
  writeFileSync(cert, keys.cert);
  writeFileSync(key, keys.key);
  const port = await freePort('127.0.0.1');
  server = spawn(
    'openssl',
    [
      's_server',
      '-accept',
      `127.0.0.1:${port}`,
      '-cert',
      cert,
      '-key',
      key,
      '-tls1_2',
      '-cipher',
      'ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-NULL-SHA:@SECLEVEL=0',
      '-quiet',
    ],
    { stdio: 'pipe' },
  );
  for (let i = 0; i < 50; i++) {
    if ((await probeTcp('127.0.0.1', port, 200)).state === 'open') return port;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('openssl s_server did not start');
}

describe('tls-weak-cipher', () => {
  it('reports a server that accepts a NULL cipher', async () => {
    const port = await startWeakServer();
    const ctx = await contextFor({ host: '127.0.0.1', port, close: async () => {} });
    expect(tlsWeakCipher.appliesTo(ctx)).toBe(true);
    const [finding] = await tlsWeakCipher.run(ctx);
    expect(finding!.detection).toMatchObject({ method: 'configuration', qod: 90 });
    expect(finding!.evidence).toContain('TLS_ECDHE_ECDSA_WITH_NULL_SHA');
  });

  it('stays quiet for a server with modern ciphers only', async () => {
    peer = await startTlsPeer('127.0.0.1', makeCert('valid'));
    expect(await tlsWeakCipher.run(await contextFor(peer))).toEqual([]);
  });
});
