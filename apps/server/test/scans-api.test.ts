import { NMAP_XML_MAX_CHARS } from '@netguard/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../src/db/schema.ts';
import { NMAP_SAMPLE } from './fixtures/nmap.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createScan, getScan, scanAction } from './scan-helpers.ts';
import { subscribe } from './seed.ts';

let ctx: TestContext;
let free: Account;
let pro: Account;
let other: Account;

beforeAll(async () => {
  // No workers in this file: started scans stay running, so states are easy to observe, and no
  // target is ever connected to; loopback passes the egress policy's launch check (the counts
  // below need a /8 and a name).
  ctx = await createTestApp({
    SCAN_DENIED_RANGES: '198.51.100.0/24',
    MAX_CONCURRENT_SCANS: '2',
    EGRESS_ALLOWED_RANGES: '127.0.0.0/8',
  });
  free = await createAccount(ctx, 'free@example.com');
  pro = await createAccount(ctx, 'pro@example.com');
  other = await createAccount(ctx, 'other@example.com');
  await subscribe(ctx, pro);
});
afterAll(() => ctx.close());

const planJobs = async (scanId: string) => {
  const result = await ctx.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'scan-plan' and data->>'scan_id' = ${scanId}`,
  );
  return (result.rows[0] as { n: number }).n;
};

describe('scan lifecycle over HTTP', () => {
  it('creates a pending scan, starts it (job enqueued with the id only) and cancels it', async () => {
    const created = await createScan(ctx, pro, { scan_name: 'Lifecycle' });
    expect(created.statusCode).toBe(201);
    const scan = created.json();
    expect(scan).toMatchObject({ status: 'pending', progress: 0, scan_name: 'Lifecycle' });

    const started = await scanAction(ctx, pro, scan.id, 'start');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ id: scan.id, status: 'running', progress: 0 });
    expect(started.json().started_at).not.toBeNull();
    expect(await planJobs(scan.id)).toBe(1);

    const again = await scanAction(ctx, pro, scan.id, 'start');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This scan is already running');

    const cancelled = await scanAction(ctx, pro, scan.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json().completed_at).not.toBeNull();
    expect((await scanAction(ctx, pro, scan.id, 'cancel')).statusCode).toBe(409);
  });

  it('retries a failed scan: progress, error and times reset, a new job is enqueued', async () => {
    const scan = (await createScan(ctx, pro, { scan_name: 'Retry me' })).json();
    await ctx.db
      .update(scans)
      .set({
        status: 'failed',
        progress: 40,
        error: 'boom',
        startedAt: new Date(),
        completedAt: new Date(),
      })
      .where(eq(scans.id, scan.id));
    const retried = await scanAction(ctx, pro, scan.id, 'start');
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({
      status: 'running',
      progress: 0,
      error: null,
      completed_at: null,
    });
    expect(await planJobs(scan.id)).toBe(1);
    await scanAction(ctx, pro, scan.id, 'cancel');
  });

  it('queues scans past the organization limit as pending and starts them when one ends', async () => {
    const ids: string[] = [];
    for (const name of ['Q1', 'Q2', 'Q3']) {
      const scan = (await createScan(ctx, pro, { scan_name: name })).json();
      ids.push(scan.id);
      await scanAction(ctx, pro, scan.id, 'start');
    }
    const states = await Promise.all(
      ids.map(async (id) => (await getScan(ctx, pro, id)).json().status),
    );
    expect(states).toEqual(['running', 'running', 'pending']);
    expect(await planJobs(ids[2]!)).toBe(0);

    await scanAction(ctx, pro, ids[0]!, 'cancel');
    expect((await getScan(ctx, pro, ids[2]!)).json().status).toBe('running');
    expect(await planJobs(ids[2]!)).toBe(1);
    for (const id of ids.slice(1)) await scanAction(ctx, pro, id, 'cancel');
  });

  it('returns the scan detail with hosts, services and findings', async () => {
    const scan = (await createScan(ctx, pro)).json();
    const detail = await getScan(ctx, pro, scan.id);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: scan.id,
      hosts: [],
      services: [],
      vulnerabilities: [],
    });
  });
});

describe('nmap XML import', () => {
  it('stores an uploaded report as a completed scan with hosts and open ports', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/scans/import',
      headers: pro.auth,
      payload: { scan_name: 'Imported', xml: NMAP_SAMPLE },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'completed', progress: 100, scan_type: 'port' });
    const detail = (await getScan(ctx, pro, res.json().id)).json();
    expect(detail.hosts).toEqual([
      { address: '127.0.0.1', hostname: 'localhost', status: 'up' },
      { address: '127.0.0.2', hostname: null, status: 'down' },
    ]);
    expect(
      detail.services.map((s: { port: number; product: string }) => [s.port, s.product]),
    ).toEqual([
      [22, 'OpenSSH'],
      [80, 'A & B httpd'],
    ]);
    expect((await getScan(ctx, other, res.json().id)).statusCode).toBe(404);
  });

  it('answers 400 for a file that is not an nmap report', async () => {
    for (const xml of ['<html/>', '', 'x'.repeat(NMAP_XML_MAX_CHARS + 1)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/scans/import',
        headers: pro.auth,
        payload: { scan_name: 'Bad', xml },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('plan limits', () => {
  it('allows a Free account 5 scans per month, then answers 402 naming the limit', async () => {
    for (let i = 0; i < 5; i++) expect((await createScan(ctx, free)).statusCode).toBe(201);
    const sixth = await createScan(ctx, free);
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json().error).toEqual({
      code: 'payment_required',
      message:
        'The Free plan allows 5 scans per month. Upgrade to Professional for unlimited scans.',
    });
  });

  const freeTargetsMessage = (asked: string) =>
    `The Free plan allows at most 10 target addresses per scan (a CIDR block counts every address in it); this scan asks for ${asked}. Upgrade to Professional to scan more.`;

  it('allows a Free account at most 10 targets per scan', async () => {
    const targets = Array.from({ length: 11 }, (_, i) => `127.0.0.${i + 1}`);
    const res = await createScan(ctx, other, { target_hosts: targets });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(freeTargetsMessage('11'));
  });

  it('counts addresses, not entries: a CIDR counts its size, a range its length', async () => {
    const limited = await createAccount(ctx, 'limited@example.com');
    for (const [targets, asked] of [
      [['127.0.0.0/8'], '16,777,216'],
      [['127.0.0.0/28'], '16'],
      [['127.0.1.1-9', '127.0.2.1', 'localhost'], '11'],
    ] as const) {
      const res = await createScan(ctx, limited, { target_hosts: [...targets] });
      expect(res.statusCode, targets.join()).toBe(402);
      expect(res.json().error.message).toBe(freeTargetsMessage(asked));
    }
    // Ten addresses, however written, and overlapping entries count once.
    const ten = ['127.0.3.0/29', '127.0.3.4', '127.0.4.1-2'];
    expect((await createScan(ctx, limited, { target_hosts: ten })).statusCode).toBe(201);
  });

  it('does not limit subscribers', async () => {
    const targets = Array.from({ length: 12 }, (_, i) => `127.0.0.${i + 1}`);
    expect((await createScan(ctx, pro, { target_hosts: targets })).statusCode).toBe(201);
    const before = (
      await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: pro.auth })
    ).json();
    expect(before.total).toBeGreaterThan(5);
  });
});

describe('scan scope', () => {
  it('refuses the cloud metadata address with a clear 400', async () => {
    const res = await createScan(ctx, pro, { target_hosts: ['127.0.0.1', '169.254.169.254'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('scope_refused');
    expect(res.json().error.message).toMatch(
      /^Target 169\.254\.169\.254 is outside the allowed scan scope: .*169\.254\.0\.0\/16/,
    );
  });

  it.each([
    ['100.100.100.200', '100.100.100.200/32', 'Alibaba Cloud instance metadata'],
    ['168.63.129.16', '168.63.129.16/32', 'Azure WireServer'],
    ['192.0.0.192', '192.0.0.192/32', 'Oracle Cloud Classic instance metadata'],
    ['168.63.128.0/23', '168.63.129.16/32', 'Azure WireServer'],
  ])('refuses the cloud platform address %s with its reason', async (target, cidr, why) => {
    const res = await createScan(ctx, pro, { target_hosts: [target] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('scope_refused');
    const message = res.json().error.message;
    expect(message).toContain(
      `Target ${target} is outside the allowed scan scope: it overlaps ${cidr} (`,
    );
    expect(message).toContain(why);
  });

  it('refuses targets in SCAN_DENIED_RANGES, including ranges that overlap them', async () => {
    for (const target of ['198.51.100.4', '198.51.100.0/28', '198.51.0.0/16']) {
      const res = await createScan(ctx, pro, { target_hosts: [target] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(
        `Target ${target} is outside the allowed scan scope`,
      );
    }
  });
});

describe('bad input never reaches the database', () => {
  it('answers 4xx on every scan route', async () => {
    const bad: { method: 'GET' | 'POST'; url: string; payload?: string | object }[] = [
      {
        method: 'POST',
        url: '/api/scans',
        payload: { scan_name: '', scan_type: 'port', target_hosts: ['127.0.0.1'] },
      },
      {
        method: 'POST',
        url: '/api/scans',
        payload: { scan_name: 'x', scan_type: 'quick', target_hosts: ['127.0.0.1'] },
      },
      {
        method: 'POST',
        url: '/api/scans',
        payload: { scan_name: 'x', scan_type: 'port', target_hosts: ['not a host'] },
      },
      {
        method: 'POST',
        url: '/api/scans',
        payload: { scan_name: 'x', scan_type: 'port', target_hosts: 'x'.repeat(10_000) },
      },
      { method: 'POST', url: '/api/scans', payload: '{"broken' },
      { method: 'GET', url: '/api/scans/not-a-uuid' },
      { method: 'GET', url: '/api/scans?limit=abc' },
      { method: 'POST', url: '/api/scans/not-a-uuid/start' },
      { method: 'POST', url: '/api/scans/123/cancel' },
    ];
    for (const req of bad) {
      const res = await ctx.app.inject({
        ...req,
        headers: { ...pro.auth, 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${req.method} ${req.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${req.method} ${req.url}`).toBeLessThan(500);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const action of ['start', 'cancel'] as const) {
      expect((await scanAction(ctx, pro, unknown, action)).statusCode).toBe(404);
    }
  });

  it('requires a session on the new routes', async () => {
    const scan = (await createScan(ctx, pro)).json();
    for (const action of ['start', 'cancel']) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/scans/${scan.id}/${action}` });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('cross-account isolation', () => {
  it('hides, and refuses to start or cancel, another account’s scan', async () => {
    const scan = (await createScan(ctx, pro, { scan_name: 'Private' })).json();
    expect((await getScan(ctx, other, scan.id)).statusCode).toBe(404);
    expect((await scanAction(ctx, other, scan.id, 'start')).statusCode).toBe(404);
    expect((await scanAction(ctx, other, scan.id, 'cancel')).statusCode).toBe(404);
    expect((await getScan(ctx, pro, scan.id)).json().status).toBe('pending');
    expect(await planJobs(scan.id)).toBe(0);
  });
});
