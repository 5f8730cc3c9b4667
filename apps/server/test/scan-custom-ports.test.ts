import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Workers } from '../src/workers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import { createScan, getScan, scanAction, waitFor } from './scan-helpers.ts';
import { subscribe } from './seed.ts';

// An address of this file's block, with services on ports outside the top 1000:
// Redis moved to 6390 and Memcached to 11299, as in the issue.
const HOST = testResources().host(90);
const PORTS = [6390, 11299];

let ctx: TestContext;
let workers: Workers;
let owner: Account;
const servers: net.Server[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startTestWorkers(ctx);
  owner = await createAccount(ctx, 'ports@example.com');
  await subscribe(ctx, owner);
  for (const port of PORTS) {
    const server = net.createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, () => resolve());
    });
    servers.push(server);
  }
});
afterAll(async () => {
  for (const server of servers) server.close();
  await workers?.stop();
  await ctx?.close();
});

/** Runs a Vulnerability Scan of HOST to its end; the open TCP ports it found. */
async function scanOpenPorts(ports?: string) {
  const created = await createScan(ctx, owner, {
    scan_name: ports ? 'Custom ports' : 'Default ports',
    scan_type: 'vulnerability',
    target_hosts: [HOST],
    ...(ports ? { ports } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await scanAction(ctx, owner, id, 'start')).statusCode).toBe(202);
  const done = await waitFor(async () => {
    const scan = (await getScan(ctx, owner, id)).json();
    return ['completed', 'failed'].includes(scan.status) ? scan : null;
  }, 60_000);
  expect(done.status, done.error).toBe('completed');
  return {
    detail: done,
    open: (done.services as { port: number; protocol: string }[])
      .filter((service) => service.protocol === 'tcp')
      .map((service) => service.port)
      .sort((a, b) => a - b),
  };
}

describe('custom ports of a scan', () => {
  it('the type’s default ports miss services on unusual ports', async () => {
    const { open, detail } = await scanOpenPorts();
    expect(open).toEqual([]);
    expect(detail.ports).toBeNull();
  });

  it('a custom port list is what the scan probes, and the scan keeps it', async () => {
    const { open, detail } = await scanOpenPorts('6390, 11299');
    expect(open).toEqual(PORTS);
    expect(detail.ports).toBe('6390,11299');
  });
}, 120_000);
