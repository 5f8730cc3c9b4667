import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Workers } from '../src/workers.ts';
import { nvdPage, uploadFeed } from './feeds-helpers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import { createScan, getScan, scanAction, waitFor } from './scan-helpers.ts';

// An sshd banner on an address of this file's block; no bundled advisory covers 9.9p1.
const HOST = testResources().host(77);
const PORT = 2299;

let ctx: TestContext;
let workers: Workers;
let operator: Account;
let sshd: net.Server;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  ctx = await createTestApp({ NETGUARD_OPERATORS: 'ops@example.com', NETGUARD_OFFLINE: '1' });
  workers = await startTestWorkers(ctx);
  operator = await createAccount(ctx, 'ops@example.com');
  sshd = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.end('SSH-2.0-OpenSSH_9.9p1\r\n');
  });
  await new Promise<void>((resolve) => sshd.listen(PORT, HOST, resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => sshd.close(resolve));
  await workers?.stop();
  await ctx?.close();
});

async function scanCves(): Promise<string[]> {
  const scan = (
    await createScan(ctx, operator, {
      scan_name: 'sshd',
      scan_type: 'vulnerability',
      target_hosts: [HOST],
      ports: String(PORT),
    })
  ).json();
  expect((await scanAction(ctx, operator, scan.id, 'start')).statusCode).toBe(202);
  const done = await waitFor(async () => {
    const res = (await getScan(ctx, operator, scan.id)).json();
    return ['completed', 'failed'].includes(res.status) ? res : null;
  }, 45_000);
  expect(done.status).toBe('completed');
  return done.vulnerabilities.map((v: { cve_id: string | null }) => v.cve_id).filter(Boolean);
}

describe('scans match against the imported advisories', () => {
  it('finds a CVE only the imported NVD feed knows, once it is imported', async () => {
    expect(await scanCves()).not.toContain('CVE-2099-2001');
    const page = nvdPage([{ cve: 'CVE-2099-2001', fixed: '99.0', score: 9.1 }]);
    expect((await uploadFeed(ctx, operator, 'nvd', page)).statusCode).toBe(201);
    expect(await scanCves()).toContain('CVE-2099-2001');
  });
});
