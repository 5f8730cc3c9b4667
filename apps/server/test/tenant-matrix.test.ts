import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { can, PERMISSION_DENIED, type TRoutePermission } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, setPlan, type TestContext } from './helpers.ts';
import { CLOUD_SAMPLES } from './tenant-matrix-cloud.ts';
import { EVIDENCE_SAMPLES } from './tenant-matrix-evidence.ts';
import {
  type Caller,
  callerOf,
  type Fixtures,
  MARK,
  MARK_B,
  makeFixtures,
  memberOf,
  snapshot,
  stillThere,
  unique,
} from './tenant-matrix-fixtures.ts';
import { REMEDIATION_SAMPLES } from './tenant-matrix-remediation.ts';
import { DATA_SAMPLES, type Req } from './tenant-matrix-samples.ts';
import { ACCOUNT_SAMPLES } from './tenant-matrix-samples-account.ts';
import { SELFTEST_SAMPLES } from './tenant-matrix-selftest.ts';
import { SIEM_SAMPLES } from './tenant-matrix-siem.ts';

/** One sample request per operation of the OpenAPI document under the guarded scope. */
const SAMPLES = {
  ...DATA_SAMPLES,
  ...ACCOUNT_SAMPLES,
  ...CLOUD_SAMPLES,
  ...SIEM_SAMPLES,
  ...REMEDIATION_SAMPLES,
  ...EVIDENCE_SAMPLES,
  ...SELFTEST_SAMPLES,
};

/**
 * Issue 17: every operation of the OpenAPI document, called as each role of organization A and
 * as the admin of organization B with A's ids. Allowed → 2xx, forbidden → 403 with the reason,
 * B → 404 on A's data (or 2xx on its own, without a trace of A).
 */

/** Public operations, outside the guarded scope: no session, so no role and no organization. */
const PUBLIC: [RegExp, string][] = [
  [/^GET \/api\/health$/, 'health probe, no session'],
  [/^\w+ \/api\/auth\//, 'sign-up, sign-in, MFA challenge, refresh, sign-out: before a session'],
  [
    /^\w+ \/api\/sso\//,
    'SSO sign-in (start, OIDC callback, SAML ACS and metadata): before a session',
  ],
  [/^POST \/api\/billing\/webhook$/, "Stripe's webhook, signed by Stripe"],
];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let ctx: TestContext;
let dataDir: string;
let f: Fixtures;
let operations: string[];
let permissions: Map<string, TRoutePermission>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-matrix-'));
  ctx = await createTestApp({ NETGUARD_DATA_DIR: dataDir });
  f = await makeFixtures(ctx);
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(doc.paths as Record<string, object>).flatMap(([p, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  permissions = new Map(
    ctx.app.routePermissions.map((r) => [`${r.method} ${r.url}`, r.permission]),
  );
});
afterAll(async () => {
  await f?.closeListener();
  await ctx?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const guarded = () => operations.filter((op) => !PUBLIC.some(([p]) => p.test(op)));

/** A throw-away caller like `c`: same role in the same organization (B: a new organization). */
async function freshLike(c: Caller): Promise<Caller> {
  const account =
    c.name === 'other'
      ? await createAccount(ctx, `tm-fresh-${unique()}@example.com`)
      : await memberOf(ctx, f.organizationId, c.name, `fresh-${c.name}`);
  await setPlan(ctx, account, 'Enterprise');
  return callerOf(c.name, account);
}

/** The caller and request of a sample; factories make their throw-away fixtures here. */
async function prepare(op: string, c0: Caller) {
  const sample = SAMPLES[op];
  if (!sample) throw new Error(`no sample for ${op}`);
  const c = sample.fresh ? await freshLike(c0) : c0;
  const req: Req = await sample.req(f, c, ctx);
  return { op, c, req, sample };
}

async function run({ op, c, req, sample }: Awaited<ReturnType<typeof prepare>>) {
  const res = await ctx.app.inject({
    method: op.split(' ')[0] as Method,
    url: req.url,
    headers: { ...c.auth, ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload as object }),
  });
  await sample.after?.(f, c, ctx);
  return {
    req,
    res,
    line: `${c.name} ${op.split(' ')[0]} ${req.url} → ${res.statusCode} ${res.body.slice(0, 300)}`,
  };
}

describe('tenant × role × operation matrix', () => {
  it('has a sample for every guarded operation of the OpenAPI document, and none for a missing one', () => {
    const ops = guarded();
    expect(ops.length).toBeGreaterThan(80);
    expect(
      ops.filter((op) => !SAMPLES[op]),
      'operations without a sample in SAMPLES',
    ).toEqual([]);
    expect(
      Object.keys(SAMPLES).filter((op) => !ops.includes(op)),
      'samples of no operation',
    ).toEqual([]);
    expect(
      ops.filter((op) => !permissions.has(op)),
      'operations without a permission',
    ).toEqual([]);
  });

  it('gives each role of A exactly its permissions on every operation: 2xx, or 403 with the reason', async () => {
    const problems: string[] = [];
    const ofB = [MARK_B, f.other.organizationId, f.other.userId, f.other.email, f.otherScanId];
    let calls = 0;
    for (const op of guarded()) {
      const permission = permissions.get(op);
      const sample = SAMPLES[op];
      if (!permission || !sample) continue;
      for (const c of f.callers) {
        const { res, line } = await run(await prepare(op, c));
        calls++;
        const leaked = ofB.filter((m) => res.body.includes(m));
        if (leaked.length) problems.push(`leaks B's ${leaked.join(', ')}: ${line}`);
        const allowed =
          permission === 'self' || can(c.name as never, permission.resource, permission.action);
        const status = res.statusCode;
        if (allowed) {
          if (!(status >= 200 && status < 300) && !sample.ok?.includes(status))
            problems.push(`allowed but ${line}`);
        } else {
          const reason = permission.denied ?? PERMISSION_DENIED[permission.resource];
          const error = status === 403 ? res.json().error : undefined;
          if (error?.code !== 'forbidden' || error?.message !== reason)
            problems.push(`forbidden (expected 403 "${reason}") but ${line}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBe(guarded().length * f.callers.length);
  }, 240_000);

  it("answers B's admin 404 on A's data, lists only B's own, and changes nothing of A", async () => {
    const other = callerOf('other', f.other);
    const prepared = [];
    for (const op of guarded()) if (SAMPLES[op]) prepared.push(await prepare(op, other));
    await ctx.app.accessEvents.flush();
    const before = await snapshot(ctx, f.organizationId);
    const markers = [
      MARK,
      f.organizationId,
      f.admin.userId,
      f.admin.email,
      f.spare.userId,
      ...f.callers.map((c) => c.account.userId),
      f.scanId,
      f.vulnerabilityId,
      f.mitigationId,
      f.reportId,
      f.captureId,
      f.invitationId,
      f.assetId,
      f.apiKeyId,
      f.checkoutId,
      f.incidentId,
      f.eventId,
      f.cloud.connectionId,
      f.cloud.scanId,
      f.cloud.ruleId,
      f.remediation.hostId,
      f.remediation.vulnerabilityId,
    ];
    const problems: string[] = [];
    for (const call of prepared) {
      const { op, sample } = call;
      const { req, res, line } = await run(call);
      const expected = sample.other ?? (op.includes('/:') ? 404 : 'own');
      const status = res.statusCode;
      if (expected === 'own' ? !(status >= 200 && status < 300) : status !== expected)
        problems.push(`expected ${expected} but ${line}`);
      // A's ids may come back only where B sent them (an error naming the id B asked for).
      const sent = JSON.stringify(req);
      const leaked = markers.filter((m) => !sent.includes(m) && res.body.includes(m));
      if (leaked.length) problems.push(`leaks ${leaked.join(', ')}: ${line}`);
    }
    await ctx.app.accessEvents.flush();
    const after = await snapshot(ctx, f.organizationId);
    expect(problems).toEqual([]);
    expect(Object.keys(before).length, 'tables with organization_id').toBeGreaterThan(25);
    expect(after).toEqual(before);
  }, 120_000);

  it("keeps A's fixtures that no sample deletes", async () => {
    const urls = [
      `/api/scans/${f.scanId}`,
      `/api/reports/${f.reportId}`,
      `/api/vulnerabilities/${f.vulnerabilityId}/history`,
      `/api/risk/assessments/${f.vulnerabilityId}`,
      `/api/packets/captures/${f.captureId}`,
      `/api/security/incidents/${f.incidentId}`,
      `/api/security/events/${f.eventId}`,
      `/api/billing/checkout-sessions/${f.checkoutId}`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: f.admin.auth });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect(await stillThere(ctx, f.organizationId, f.incidentId)).toBe(true);
    const keys = await ctx.app.inject({
      method: 'GET',
      url: '/api/api-keys',
      headers: f.admin.auth,
    });
    expect(keys.body).toContain(f.apiKeyId);
    const assets = await ctx.app.inject({
      method: 'GET',
      url: '/api/assets',
      headers: f.admin.auth,
    });
    expect(assets.body).toContain(f.assetId);
    const members = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/members',
      headers: f.admin.auth,
    });
    for (const id of [f.invitationId, f.spare.userId, ...f.callers.map((c) => c.account.userId)])
      expect(members.body).toContain(id);
  });
});
