import { once } from 'node:events';
import net from 'node:net';
import type { TCloudFinding, TCloudScan } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { proveExposure } from '../src/modules/cloud/cloud.exposure.ts';
import { scanScope } from '../src/modules/scans/scans.egress.ts';
import type { Workers } from '../src/workers.ts';
import {
  connectAws,
  fakeAws,
  finding,
  scanAndWait,
  startCloudWorkers,
  waitForScan,
} from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let workers: Workers;
let admin: Account;
let listener: net.Server;
let openPort: number;
let closedPort: number;
const fake = fakeAws();

/** The public address the findings name: in this file's block, which tenants may reach. */
const ADDRESS = testResources().host(1);
const SSH = 'aws_ec2_sg_open_ssh';
const PUBLIC = 'aws_s3_bucket_policy_public';

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin.auth });
const findings = async (query = ''): Promise<TCloudFinding[]> =>
  (await get(`/api/cloud/findings${query}`)).json().items;

beforeAll(async () => {
  ctx = await createTestApp({}, { cloudScanners: fake.scanners });
  workers = await startCloudWorkers(ctx, fake.scanners);
  admin = await createAccount(ctx, 'cloud-scan@example.com', 'Enterprise');
  expect((await connectAws(ctx, admin)).statusCode).toBe(201);
  listener = net.createServer((socket) => socket.destroy());
  listener.listen(0, ADDRESS);
  await once(listener, 'listening');
  openPort = (listener.address() as net.AddressInfo).port;
  const closed = net.createServer().listen(0, ADDRESS);
  await once(closed, 'listening');
  closedPort = (closed.address() as net.AddressInfo).port;
  closed.close();
});
afterAll(async () => {
  listener?.close();
  await workers?.stop();
  await ctx?.close();
});

describe('cloud scans', () => {
  let first: TCloudScan;

  it('runs as a job and stores the findings as vulnerabilities of the organization', async () => {
    fake.state.findings = [
      finding(SSH, 'sg-open', { publicAddresses: [ADDRESS], exposedPorts: [openPort] }),
      finding(SSH, 'sg-closed', { publicAddresses: [ADDRESS], exposedPorts: [closedPort] }),
      finding(SSH, 'sg-metadata', { publicAddresses: ['169.254.169.254'], exposedPorts: [22] }),
      finding(PUBLIC, 'arn:aws:s3:::netguard-logs', { tags: { env: 'sandbox' } }),
    ];
    first = await scanAndWait(ctx, admin);
    expect(first).toMatchObject({
      status: 'failed',
      accounts: ['123456789012'],
      counts: { critical: 1, high: 3, total: 4 },
      calls: { total: 1, ok: 1 },
      gaps: [],
    });
    const detail = (await get(`/api/cloud/scans/${first.id}`)).json();
    expect(detail.findings).toHaveLength(4);
    const bucket = detail.findings.find((f: TCloudFinding) => f.checkId === PUBLIC);
    expect(bucket).toMatchObject({
      title: 'S3 bucket is public',
      severity: 'critical',
      status: 'open',
      recommendations: [
        'Turn on S3 Block Public Access for the bucket.',
        expect.stringContaining('aws s3api put-public-access-block'),
      ],
    });
    const vulns = (await get('/api/vulnerabilities?limit=50')).json();
    expect(vulns.items.map((v: { host: string }) => v.host).sort()).toEqual([
      'arn:aws:s3:::netguard-logs',
      'sg-closed',
      'sg-metadata',
      'sg-open',
    ]);
    const connection = (await get('/api/cloud/connections')).json().connections[0];
    expect(connection.vulnerabilities).toBe(4);
    expect(connection.lastScan).not.toBeNull();
  });

  it("proves exposure with NetGuard's own TCP scan, within the scope", async () => {
    const byResource = new Map((await findings()).map((f) => [f.resourceId, f]));
    expect(byResource.get('sg-open')).toMatchObject({
      exposure: 'confirmed_reachable',
      reachablePorts: [openPort],
    });
    expect(byResource.get('sg-closed')).toMatchObject({
      exposure: 'not_reachable',
      reachablePorts: [],
    });
    // The cloud metadata address is outside every deployment's scope: never probed.
    expect(byResource.get('sg-metadata')?.exposure).toBe('unchecked');
    expect(byResource.get('arn:aws:s3:::netguard-logs')?.exposure).toBe('unchecked');
  });

  it("leaves unchecked what the egress policy keeps from the organization: this server's addresses", async () => {
    // 127.0.0.1 is outside the file's block (EGRESS_ALLOWED_RANGES): this server, to a tenant.
    const tenant = scanScope({ allow: [], deny: [] }, ctx.app.egress.policy(), { operator: false });
    let probed = 0;
    const own = net.createServer((socket) => {
      probed++;
      socket.destroy();
    });
    own.listen(0, '127.0.0.1');
    await once(own, 'listening');
    try {
      const port = (own.address() as net.AddressInfo).port;
      expect(await proveExposure(['127.0.0.1'], [port], tenant)).toEqual({
        exposure: 'unchecked',
        reachablePorts: [],
      });
      expect(probed).toBe(0);
    } finally {
      own.close();
    }
  });

  it('marks what a later scan no longer sees fixed, and compares the two scans', async () => {
    fake.state.findings = fake.state.findings.filter((f) => f.resourceId !== 'sg-closed');
    fake.state.findings.push(finding(SSH, 'sg-new'));
    const second = await scanAndWait(ctx, admin);
    const fixed = await findings('?state=fixed');
    expect(fixed.map((f) => f.resourceId)).toEqual(['sg-closed']);
    expect(fixed[0]?.status).toBe('fixed');
    const comparison = (await get(`/api/cloud/scans/${second.id}/comparison`)).json();
    expect(comparison.previousScanId).toBe(first.id);
    expect(comparison.new.map((f: TCloudFinding) => f.resourceId)).toEqual(['sg-new']);
    expect(comparison.resolved.map((f: TCloudFinding) => f.resourceId)).toEqual(['sg-closed']);
    expect(comparison.stillOpen).toHaveLength(3);
    const vulns = (await get('/api/vulnerabilities?state=fixed')).json();
    expect(vulns.items.map((v: { host: string }) => v.host)).toEqual(['sg-closed']);
  });

  it('reopens a fixed finding that comes back', async () => {
    fake.state.findings.push(finding(SSH, 'sg-closed'));
    await scanAndWait(ctx, admin);
    const vulns = (await get('/api/vulnerabilities?search=sg-closed')).json();
    expect(vulns.items[0]).toMatchObject({ state: 'open', reopen_count: 1 });
  });

  it('leaves findings of checks a failed call could not evaluate open (partial scan)', async () => {
    fake.state.findings = fake.state.findings.filter((f) => f.checkId !== PUBLIC);
    fake.state.gaps = [
      {
        service: 's3',
        region: 'us-east-1',
        operation: 'GetBucketPolicy',
        outcome: 'denied',
        attempts: 1,
        ms: 2,
        message: 'AccessDenied',
        checks: [PUBLIC],
      },
    ];
    const scan = await scanAndWait(ctx, admin);
    fake.state.gaps = [];
    expect(scan.status).toBe('partial');
    expect(scan.gaps).toEqual([
      {
        service: 's3',
        region: 'us-east-1',
        operation: 'GetBucketPolicy',
        outcome: 'denied',
        message: 'AccessDenied',
        checks: [PUBLIC],
      },
    ]);
    expect(scan.calls).toMatchObject({ total: 2, ok: 1, denied: 1 });
    const open = await findings();
    expect(open.map((f) => f.checkId)).toContain(PUBLIC);
    fake.state.findings.push(
      finding(PUBLIC, 'arn:aws:s3:::netguard-logs', { tags: { env: 'sandbox' } }),
    );
  });

  it('scans one spec service only', async () => {
    const scan = await scanAndWait(ctx, admin, {
      serviceScan: { provider: 'aws', service: 's3', scanType: 'bucket_permissions' },
    });
    expect(scan.serviceScan).toEqual({
      service: 's3',
      scanType: 'bucket_permissions',
      region: null,
    });
    const detail = (await get(`/api/cloud/scans/${scan.id}`)).json();
    expect(detail.findings.map((f: TCloudFinding) => f.checkId)).toEqual([PUBLIC]);
    // The EC2 findings were not evaluated by this scan: still open.
    expect((await findings()).some((f) => f.checkId === SSH)).toBe(true);
  });

  it('hides findings matching a mute rule, with its author and how many it hides', async () => {
    const rule = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloud/mute-rules',
      headers: admin.auth,
      payload: {
        tag: 'env=sandbox',
        resourcePattern: 'arn:aws:s3:::netguard-*',
        reason: 'Public sandbox bucket of the docs site',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(rule.statusCode).toBe(201);
    expect(rule.json()).toMatchObject({ author: admin.email, hiddenCount: 1, expired: false });
    expect((await findings()).some((f) => f.checkId === PUBLIC)).toBe(false);
    const muted = await findings('?muted=muted');
    expect(muted.map((f) => [f.checkId, f.status, f.mutedBy])).toEqual([
      [PUBLIC, 'muted', rule.json().id],
    ]);
    // The Vulnerabilities page hides it too, counts it nowhere, and shows it under its filter.
    const page = async (query = '') =>
      (await get(`/api/vulnerabilities${query}`)).json() as {
        items: { id: string; muted: boolean }[];
        summary: { total: number };
        total: number;
      };
    const shown = await page();
    expect(shown.items.map((v) => v.id)).not.toContain(muted[0]?.id);
    const everything = await page('?muted=all');
    expect(everything.total).toBe(shown.total + 1);
    expect(everything.summary.total).toBe(shown.total);
    expect((await page('?muted=muted')).items.map((v) => [v.id, v.muted])).toEqual([
      [muted[0]?.id, true],
    ]);
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloud/mute-rules',
      headers: admin.auth,
      payload: { checkId: SSH, reason: 'x', expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe('expiresAt must be in the future');
  });

  it('cancels a running scan', async () => {
    fake.state.holdMs = 30_000;
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloud/scans',
      headers: admin.auth,
      payload: {},
    });
    const id = started.json().scans[0].id;
    const busy = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloud/scans',
      headers: admin.auth,
      payload: {},
    });
    expect(busy.statusCode).toBe(409);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/cloud/scans/${id}/cancel`,
      headers: admin.auth,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await waitForScan(ctx, admin, id)).status).toBe('cancelled');
    fake.state.holdMs = 0;
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/cloud/scans/${id}/cancel`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(409);
  });
});
