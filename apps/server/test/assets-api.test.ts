import { can, RISK_TEXT, ROLES, type TRole } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, userRoles } from '../src/db/schema.ts';
import { recordFinding } from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { finding, seedScan } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-assets@example.com', 'Enterprise');
  bob = await createAccount(ctx, 'bob-assets@example.com', 'Enterprise');
});
afterAll(() => ctx?.close());

const host = (target: string, extra: Record<string, unknown> = {}) => ({
  kind: 'host',
  target,
  criticality: 'high',
  mission_prevalence: 'essential',
  public_wellbeing: 'material',
  ...extra,
});

const put = (who: Account, body: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/assets', headers: who.auth, payload: body as object });
const get = (who: Account, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/assets${query}`, headers: who.auth });
const del = (who: Account, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/assets/${id}`, headers: who.auth });
const setRole = (who: Account, role: TRole) =>
  ctx.db.update(userRoles).set({ role }).where(eq(userRoles.userId, who.userId));

describe('PUT /api/assets', () => {
  it('creates a host context, then replaces it by kind and target, and audits both', async () => {
    const created = await put(alice, host(' 192.0.2.25 ', { owner: 'Ops', tags: ['web', 'web'] }));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      kind: 'host',
      target: '192.0.2.25',
      criticality: 'high',
      exposure: null,
      owner: 'Ops',
      tags: ['web'],
    });
    const replaced = (await put(alice, host('192.0.2.25', { criticality: 'critical' }))).json();
    expect(replaced.id).toBe(created.json().id);
    expect(replaced).toMatchObject({ criticality: 'critical', owner: null, tags: [] });
    const audits = await ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, replaced.id));
    expect(audits.map((a) => a.action)).toEqual(['asset_context.saved', 'asset_context.saved']);
  });

  it('answers 400 with a message for bad input', async () => {
    const cases = [
      host(''),
      host('192.0.2.26', { criticality: 'extreme' }),
      host('192.0.2.26', { exposure: 'internet' }),
      host('192.0.2.26', { kind: 'group' }),
      host('192.0.2.26', { tags: ['x'.repeat(61)] }),
      host('x'.repeat(254)),
      { kind: 'host', target: '192.0.2.26' },
    ];
    for (const body of cases) {
      const res = await put(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await get(alice, '?host=')).statusCode).toBe(400);
    expect((await del(alice, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('GET /api/assets', () => {
  it('gives a host its own context and the tag contexts its tags name; a tag its tagged hosts', async () => {
    await put(alice, host('192.0.2.41', { tags: ['db'] }));
    await put(alice, host('192.0.2.42'));
    await put(alice, { ...host('db'), kind: 'tag', criticality: 'critical' });
    await put(alice, { ...host('unused'), kind: 'tag' });
    const ofHost = (await get(alice, '?host=192.0.2.41')).json().items;
    expect(ofHost.map((c: { kind: string; target: string }) => `${c.kind}:${c.target}`)).toEqual([
      'host:192.0.2.41',
      'tag:db',
    ]);
    const untagged = (await get(alice, '?host=192.0.2.42')).json().items;
    expect(untagged.map((c: { target: string }) => c.target)).toEqual(['192.0.2.42']);
    const ofTag = (await get(alice, '?tag=db')).json().items;
    expect(ofTag.map((c: { target: string }) => c.target)).toEqual(['192.0.2.41', 'db']);
    expect((await get(alice, '?host=192.0.2.207')).json().items).toEqual([]);
  });
});

describe('roles', () => {
  it('lets admins and analysts edit, auditors and viewers only read', async () => {
    const carol = await createAccount(ctx, 'carol-assets@example.com', 'Enterprise');
    const { id } = (await put(carol, host('192.0.2.61'))).json();
    for (const role of ROLES) {
      await setRole(carol, role);
      const editor = role === 'admin' || role === 'security_analyst';
      expect(can(role, 'asset_context', 'update'), role).toBe(editor);
      const read = await get(carol);
      expect(read.statusCode, role).toBe(200);
      expect(read.json().items.map((c: { id: string }) => c.id)).toContain(id);
      const saved = await put(carol, host('192.0.2.61', { owner: role }));
      const other = await put(carol, host(`192.0.2.14${ROLES.indexOf(role)}`));
      const removed = await del(carol, other.statusCode === 200 ? other.json().id : id);
      if (editor) {
        expect([saved.statusCode, other.statusCode, removed.statusCode], role).toEqual([
          200, 200, 204,
        ]);
      } else {
        for (const res of [saved, other, removed]) {
          expect(res.statusCode, role).toBe(403);
          expect(res.json().error.message).toBe(RISK_TEXT.denied);
        }
      }
    }
    const [kept] = (await get(carol, '?host=192.0.2.61')).json().items;
    expect(kept.owner).toBe('security_analyst');
  });
});

describe('organizations', () => {
  it('keeps another organization from reading or changing the contexts', async () => {
    const { id } = (await put(alice, host('192.0.2.81', { owner: 'Alice team' }))).json();
    expect((await get(bob)).json().items).toEqual([]);
    expect((await get(bob, '?host=192.0.2.81')).json().items).toEqual([]);
    expect((await del(bob, id)).statusCode).toBe(404);
    const bobs = (await put(bob, host('192.0.2.81', { owner: 'Bob team' }))).json();
    expect(bobs.id).not.toBe(id);
    const [still] = (await get(alice, '?host=192.0.2.81')).json().items;
    expect(still).toMatchObject({ id, owner: 'Alice team' });
    expect((await del(alice, id)).statusCode).toBe(204);
    expect((await get(alice, '?host=192.0.2.81')).json().items).toEqual([]);
    expect((await get(bob, '?host=192.0.2.81')).json().items).toHaveLength(1);
  });
});

describe('re-assessment', () => {
  it('re-assesses the vulnerabilities of the hosts an edit applies to', async () => {
    const dana = await createAccount(ctx, 'dana-assets@example.com', 'Enterprise');
    const scan = await seedScan(ctx, dana, { status: 'completed', type: 'vulnerability' });
    const owner = { scanId: scan.id, userId: dana.userId, organizationId: dana.organizationId };
    const id = await recordFinding(ctx.db, owner, finding({ host: '192.0.2.101' }));
    const assessment = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/risk/assessments/${id}`,
        headers: dana.auth,
      });
      return res.statusCode === 200 ? res.json() : null;
    };
    const criticalAsset = async () =>
      (await assessment())?.multipliers.find((m: { name: string }) => m.name === 'critical_assets');
    expect(await assessment()).toBeNull();

    await put(dana, host('192.0.2.101', { criticality: 'critical', tags: ['crown'] }));
    expect(await criticalAsset()).toMatchObject({ applied: true });
    await put(dana, host('192.0.2.101', { criticality: 'low', tags: ['crown'] }));
    expect(await criticalAsset()).toMatchObject({ applied: false });

    // A tag context reaches the hosts whose context lists the tag.
    const before = (await assessment()).computed_at;
    await put(dana, { ...host('crown'), kind: 'tag' });
    expect((await assessment()).computed_at > before).toBe(true);
  });
});
