import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { can, type TPermissionAction, type TRole } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workers } from '../src/workers.ts';
import { connectAws, fakeAws, finding, scanAndWait, startCloudWorkers } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { openSocket, waitFor } from './scan-helpers.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

let ctx: TestContext;
let workers: Workers;
let a: Account;
let b: Account;
const ids = { connection: '', scan: '', rule: '', finding: '' };
const fake = fakeAws();
const future = () => new Date(Date.now() + 86_400_000).toISOString();

beforeAll(async () => {
  ctx = await createTestApp({}, { cloudScanners: fake.scanners });
  workers = await startCloudWorkers(ctx, fake.scanners);
  a = await createAccount(ctx, 'cloud-a@example.com', 'Enterprise');
  b = await createAccount(ctx, 'cloud-b@example.com', 'Enterprise');
  fake.state.findings = [finding('aws_ec2_sg_open_ssh', 'sg-a')];
  ids.connection = (await connectAws(ctx, a)).json().id;
  const scan = await scanAndWait(ctx, a);
  ids.scan = scan.id;
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/cloud/scans/${scan.id}`,
    headers: a.auth,
  });
  ids.finding = detail.json().findings[0].id;
  const rule = await ctx.app.inject({
    method: 'POST',
    url: '/api/cloud/mute-rules',
    headers: a.auth,
    payload: { region: 'eu-west-3', reason: 'no workloads there', expiresAt: future() },
  });
  ids.rule = rule.json().id;
});
afterAll(async () => {
  await workers?.stop();
  await ctx?.close();
});

describe("another organization cannot reach A's cloud data", () => {
  it("hears none of A's cloud scans on its socket, while A hears each step to the end", async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const sockets = { a: await openSocket(base), b: await openSocket(base) };
    await sockets.a.join(a.accessToken);
    await sockets.b.join(b.accessToken);
    const scan = await scanAndWait(ctx, a);
    const heard = () =>
      sockets.a.messages.filter(
        (m) => m.type === 'cloud.scan' && (m.record as { id: string }).id === scan.id,
      ) as unknown as { event: string; record: { status: string } }[];
    await waitFor(async () => heard().some((m) => m.record.status === scan.status), 5_000);
    expect(heard()[0]?.event).toBe('INSERT');
    expect(heard().map((m) => m.record.status)).toContain('running');
    await delay(300);
    expect(sockets.b.messages.filter((m) => m.type === 'cloud.scan')).toEqual([]);
    sockets.a.close();
    sockets.b.close();
  });

  it('sees none of it in its lists', async () => {
    for (const [url, key] of [
      ['/api/cloud/connections', 'connections'],
      ['/api/cloud/scans', 'scans'],
      ['/api/cloud/findings?state=all&muted=all', 'items'],
      ['/api/cloud/mute-rules', 'rules'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: b.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()[key], url).toEqual([]);
    }
    const vulns = await ctx.app.inject({
      method: 'GET',
      url: '/api/vulnerabilities',
      headers: b.auth,
    });
    expect(vulns.json().items).toEqual([]);
  });

  it("gets 404 on every one of A's ids, and changes nothing", async () => {
    const calls: [string, string, object?][] = [
      ['GET', `/api/cloud/scans/${ids.scan}`],
      ['GET', `/api/cloud/scans/${ids.scan}/comparison`],
      ['POST', `/api/cloud/scans/${ids.scan}/cancel`],
      ['POST', '/api/cloud/scans', { connectionId: ids.connection }],
      ['PATCH', `/api/cloud/mute-rules/${ids.rule}`, { reason: 'taken over' }],
      ['DELETE', `/api/cloud/mute-rules/${ids.rule}`],
      ['DELETE', `/api/cloud/connections/${ids.connection}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: b.auth,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const rules = await ctx.app.inject({
      method: 'GET',
      url: '/api/cloud/mute-rules',
      headers: a.auth,
    });
    expect(rules.json().rules[0]).toMatchObject({ id: ids.rule, reason: 'no workloads there' });
    const connections = await ctx.app.inject({
      method: 'GET',
      url: '/api/cloud/connections',
      headers: a.auth,
    });
    expect(connections.json().connections.map((c: { id: string }) => c.id)).toEqual([
      ids.connection,
    ]);
  });

  it('cannot list findings of A by connection id', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/cloud/findings?connectionId=${ids.connection}&state=all`,
      headers: b.auth,
    });
    expect(res.json().items).toEqual([]);
  });
});

/** Each cloud operation, the permission it needs, and a call that succeeds when allowed. */
const OPERATIONS: [string, TPermissionAction, (who: Account) => Promise<number>][] = [
  ['list connections', 'read', (who) => call(who, 'GET', '/api/cloud/connections')],
  ['list scans', 'read', (who) => call(who, 'GET', '/api/cloud/scans')],
  ['read a scan', 'read', (who) => call(who, 'GET', `/api/cloud/scans/${ids.scan}`)],
  ['compare', 'read', (who) => call(who, 'GET', `/api/cloud/scans/${ids.scan}/comparison`)],
  ['list findings', 'read', (who) => call(who, 'GET', '/api/cloud/findings')],
  ['list mute rules', 'read', (who) => call(who, 'GET', '/api/cloud/mute-rules')],
  [
    'run a scan',
    'execute',
    async (who) => {
      const status = await call(who, 'POST', '/api/cloud/scans', {});
      if (status === 202) await waitIdle(who);
      return status;
    },
  ],
  [
    'connect',
    'create',
    (who) =>
      call(who, 'POST', '/api/cloud/connections', {
        provider: 'aws',
        credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'refused-anyway' },
      }),
  ],
  [
    'add a mute rule',
    'update',
    (who) =>
      call(who, 'POST', '/api/cloud/mute-rules', {
        checkId: 'aws_s3_bucket_policy_public',
        reason: 'role test',
        expiresAt: future(),
      }),
  ],
  [
    'disconnect',
    'delete',
    (who) => call(who, 'DELETE', '/api/cloud/connections/00000000-0000-4000-8000-000000000000'),
  ],
];

async function call(who: Account, method: string, url: string, payload?: object) {
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: who.auth,
    ...(payload ? { payload } : {}),
  });
  return res.statusCode;
}

async function waitIdle(who: Account) {
  for (let i = 0; i < 100; i++) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/cloud/scans', headers: who.auth });
    const active = res
      .json()
      .scans.some((s: { status: string }) => ['queued', 'running'].includes(s.status));
    if (!active) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('roles get exactly their cloud permissions', () => {
  const roles: TRole[] = ['admin', 'security_analyst', 'auditor', 'viewer'];
  const members = new Map<TRole, Account>();

  beforeAll(async () => {
    for (const role of roles)
      members.set(role, await memberOf(ctx, a.organizationId, role, `cloud-${role}`));
  });

  for (const role of roles)
    for (const [name, action, run] of OPERATIONS)
      it(`${role}: ${name} (${can(role, 'cloud', action) ? 'allowed' : 'refused'})`, async () => {
        const status = await run(members.get(role) as Account);
        if (!can(role, 'cloud', action)) return expect(status).toBe(403);
        expect(status).not.toBe(403);
        // Connect reaches the provider (refused: bad key); disconnect of an unknown id: 404.
        expect([200, 201, 202, 204, 400, 404]).toContain(status);
      });
});
