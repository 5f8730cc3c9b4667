// Issue 31 item 1: scans and topology probes go through the deployment's egress policy, as the
// person who launches them. In this file's block: a service, the API listening as `npm start`
// does, and the database reached through a relay (the app's DATABASE_URL names it), so that the
// block holds the deployment's own ports. One app allows the block (EGRESS_ALLOWED_RANGES), one
// does not; both share the database. The metadata address is refused before any packet.
import { once } from 'node:events';
import { statSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { SCAN_MESSAGES } from '@netguard/contracts';
import { verifyHostCheck } from '@netguard/remediation';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestCapture,
  type TestCapture,
} from '../../../packages/packets/src/testing/tcpdump.ts';
import { testResources } from '../../../scripts/testing/current.ts';
import { scanHosts } from '../src/db/schema.ts';
import { setDeploymentOperator } from '../src/modules/operators/operators.repo.ts';
import { scanScope } from '../src/modules/scans/scans.egress.ts';
import type { Workers } from '../src/workers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import { createScan, getScan, runScan, scanAction, waitFor } from './scan-helpers.ts';
import { seedScan, seedService } from './seed.ts';

const block = testResources();
const HOST = block.host(1);
const METADATA = '169.254.169.254';
const THIS_SERVER = `is this server itself: only deployment operators reach it, or EGRESS_ALLOWED_RANGES allows it`;

/** Allows the block to tenants (createTestApp's EGRESS_ALLOWED_RANGES); `strict` allows nothing. */
let allowed: TestContext;
let strict: TestContext;
let relay: net.Server;
let service: net.Server;
let capture: TestCapture;
let workers: Workers | undefined;
const relaySockets = new Set<net.Socket>();
const ports = { service: 0, api: 0, database: 0 };
/** TCP connections each listener of the block accepted (the tests send the API none). */
const accepted = { service: 0, api: 0 };
let free: Account;
let operator: Account;

async function listen(server: net.Server) {
  server.listen(0, HOST);
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  // A database of its own, then the apps reach it through a relay in the block.
  const first = await createTestApp();
  const database = new URL(first.url);
  relay = net.createServer((inbound) => {
    const outbound = net.connect(Number(database.port), database.hostname);
    for (const socket of [inbound, outbound]) {
      relaySockets.add(socket);
      socket.on('close', () => relaySockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  ports.database = await listen(relay);
  const relayed = new URL(first.url);
  relayed.hostname = HOST;
  relayed.port = String(ports.database);
  await first.close();
  allowed = await createTestApp({}, {}, relayed.href);
  strict = await createTestApp({ EGRESS_ALLOWED_RANGES: '' }, {}, relayed.href);
  // The API listens in the block, as `npm start` does, and tells its egress policy (serve.ts).
  await allowed.app.listen({ port: 0, host: HOST });
  ports.api = (allowed.app.server.address() as AddressInfo).port;
  for (const ctx of [allowed, strict]) ctx.app.egress.listening({ address: HOST, port: ports.api });
  allowed.app.server.on('connection', () => accepted.api++);
  service = net.createServer((socket) => {
    accepted.service++;
    socket.on('error', () => undefined).end();
  });
  ports.service = await listen(service);
  free = await createAccount(allowed, 'scan-egress-free@example.com');
  operator = await createAccount(allowed, 'scan-egress-operator@example.com');
  await setDeploymentOperator(allowed.db, operator.email, true);
  capture = await startTestCapture({ interface: 'any', filter: `host ${METADATA}` });
}, 60_000);

afterEach(async () => {
  await workers?.stop();
  workers = undefined;
});

afterAll(async () => {
  await capture?.remove();
  await Promise.all([allowed?.close(), strict?.close()]);
  for (const socket of relaySockets) socket.destroy();
  relay?.close();
  service?.close();
});

/** A network scan (port states only) of HOST on the service's, the API's and the database's ports. */
const body = (name: string) => ({
  scan_name: name,
  scan_type: 'network',
  target_hosts: [HOST],
  ports: `${ports.service},${ports.api},${ports.database}`,
});

const openPorts = (scan: { services: { port: number; state: string }[] }) =>
  scan.services.filter((s) => s.state === 'open').map((s) => s.port);

describe('scans', () => {
  it("refuses a tenant's scan of loopback at launch when EGRESS_ALLOWED_RANGES does not allow it", async () => {
    const before = accepted.service;
    const single = await createScan(strict, free, body('Refused'));
    expect(single.statusCode, single.body).toBe(400);
    expect(single.json().error.message).toBe(
      SCAN_MESSAGES.scopeRefused(HOST, `refused by the egress policy: ${HOST} ${THIS_SERVER}`),
    );
    const range = await createScan(strict, free, { target_hosts: [block.subnet(0, 28)] });
    expect(range.json().error.message).toBe(
      SCAN_MESSAGES.scopeRefused(
        block.subnet(0, 28),
        `refused by the egress policy: ${block.host(0)} ${THIS_SERVER}`,
      ),
    );
    // A name is resolved at launch and its addresses checked: localhost is outside the block.
    const named = await createScan(allowed, free, { target_hosts: ['localhost'] });
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().error.message).toBe(
      SCAN_MESSAGES.scopeRefused(
        'localhost',
        `localhost resolves to 127.0.0.1: refused by the egress policy: 127.0.0.1 ${THIS_SERVER}`,
      ),
    );
    expect(accepted.service).toBe(before);
  });

  it("lets a tenant scan it when EGRESS_ALLOWED_RANGES allows it, never this deployment's own ports", async () => {
    workers = await startTestWorkers(allowed);
    const apiBefore = accepted.api;
    const scan = await runScan(allowed, free, body('Allowed'));
    expect(scan.status, scan.error).toBe('completed');
    // The API and the database are open, yet neither probed nor reported: the notes say why.
    expect(openPorts(scan)).toEqual([ports.service]);
    expect(accepted.api).toBe(apiBefore);
    expect([...scan.notes].sort()).toEqual(
      [ports.api, ports.database]
        .map((port) => `Not scanned: ${HOST} port ${port} is this deployment's own service`)
        .sort(),
    );
  });

  it("lets an operator scan loopback without EGRESS_ALLOWED_RANGES, this deployment's ports too", async () => {
    workers = await startTestWorkers(strict);
    const scan = await runScan(strict, operator, body('Operator'));
    expect(scan.status, scan.error).toBe('completed');
    const numeric = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(numeric(openPorts(scan))).toEqual(numeric([ports.service, ports.api, ports.database]));
    expect(scan.notes).toEqual([]);
  });

  it('checks again when the job runs: an operator demoted after the launch no longer reaches it', async () => {
    const demoted = await createAccount(allowed, 'scan-egress-demoted@example.com');
    await setDeploymentOperator(allowed.db, demoted.email, true);
    const created = await createScan(strict, demoted, body('Demoted'));
    expect(created.statusCode, created.body).toBe(201);
    const started = await scanAction(strict, demoted, created.json().id, 'start');
    expect(started.statusCode, started.body).toBe(202);
    await setDeploymentOperator(allowed.db, demoted.email, false);
    const before = accepted.service;
    workers = await startTestWorkers(strict);
    const scan = await waitFor(async () => {
      const res = (await getScan(strict, demoted, created.json().id)).json();
      return ['completed', 'failed'].includes(res.status) ? res : null;
    }, 45_000);
    expect(scan).toMatchObject({
      status: 'failed',
      error: `No target could be scanned: ${HOST} is out of scope: refused by the egress policy: ${HOST} ${THIS_SERVER}`,
    });
    expect(accepted.service).toBe(before);
  });

  it('refuses the metadata address to everyone at launch', async () => {
    for (const ctx of [allowed, strict])
      for (const who of [free, operator]) {
        const res = await createScan(ctx, who, { target_hosts: [METADATA] });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.message).toMatch(
          new RegExp(
            `^Target ${METADATA} is outside the allowed scan scope: it overlaps 169\\.254\\.0\\.0/16`,
          ),
        );
      }
  });
});

describe('topology', () => {
  const probe = (ctx: TestContext, who: Account, action: 'ping' | 'port-scan', host = HOST) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/topology/${action}`,
      headers: who.auth,
      payload: { host },
    });

  beforeAll(async () => {
    // HOST is known to both organizations, with the API's and the database's ports seen open.
    for (const who of [free, operator]) {
      const scan = await seedScan(allowed, who, { status: 'completed', targets: [HOST] });
      await allowed.db.insert(scanHosts).values({ scanId: scan.id, address: HOST });
      for (const port of [ports.api, ports.database, ports.service])
        await seedService(allowed, scan.id, HOST, port);
    }
  });

  it("refuses a tenant's ping and port scan of loopback unless EGRESS_ALLOWED_RANGES allows it", async () => {
    const before = accepted.service;
    for (const action of ['ping', 'port-scan'] as const) {
      const res = await probe(strict, free, action);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(
        SCAN_MESSAGES.scopeRefused(HOST, `refused by the egress policy: ${HOST} ${THIS_SERVER}`),
      );
    }
    expect(accepted.service).toBe(before);
  });

  it("pings for a tenant when allowed, never on this deployment's own ports", async () => {
    const apiBefore = accepted.api;
    const res = await probe(allowed, free, 'ping');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ reachable: true, port: ports.service, port_state: 'open' });
    expect(result.probed_ports[0]).toBe(ports.service);
    expect(result.probed_ports).not.toContain(ports.api);
    expect(result.probed_ports).not.toContain(ports.database);
    expect(accepted.api).toBe(apiBefore);
  });

  it("pings for an operator without EGRESS_ALLOWED_RANGES, this deployment's ports too", async () => {
    const res = await probe(strict, operator, 'ping');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().probed_ports.slice(0, 3).sort()).toEqual(
      [ports.api, ports.database, ports.service].sort(),
    );
  });

  it('refuses the metadata address to everyone', async () => {
    for (const ctx of [allowed, strict])
      for (const who of [free, operator])
        for (const action of ['ping', 'port-scan'] as const) {
          const res = await probe(ctx, who, action, METADATA);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().error.message).toMatch(/it overlaps 169\.254\.0\.0\/16/);
        }
  });
});

describe('remediation verification', () => {
  const tenant = (ctx: TestContext) =>
    scanScope({ allow: [], deny: [] }, ctx.app.egress.policy(), { operator: false });
  const verify = (ctx: TestContext, port: number) =>
    verifyHostCheck({ host: HOST, port, checkId: 'telnet-open', scope: tenant(ctx) });

  it("checks a fix only where the organization's scans may go", async () => {
    const before = { ...accepted };
    await expect(verify(strict, ports.service)).rejects.toThrow(
      `verification refused: ${HOST} is out of scope: refused by the egress policy: ${HOST} ${THIS_SERVER}`,
    );
    await expect(verify(allowed, ports.api)).rejects.toThrow(
      `verification refused: Not scanned: ${HOST} port ${ports.api} is this deployment's own service`,
    );
    expect(accepted).toEqual(before);
    expect((await verify(allowed, ports.service)).portState).toBe('open');
  });
});

it('sent not one packet to the metadata address', async () => {
  await capture.stop();
  // A pcap file with no packet is its 24-byte header alone.
  expect(statSync(capture.file).size).toBe(24);
});
