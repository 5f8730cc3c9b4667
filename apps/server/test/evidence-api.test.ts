// Compliance evidence through the API (issue 34): collection as a run that appends ledger rows
// and signs a digest, requirement statuses, validation and tampering, the append-only ledger,
// uploads with the spec's messages, review, schedules, reports, packages the offline verifier
// accepts, roles, plan and a second organization that reaches none of it.
import { readZip, verifyPackage } from '@netguard/evidence';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceItems, securityEvents } from '../src/db/schema.ts';
import { call, collectNow, upload } from './evidence-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { ago, seedScan, seedVulnerability } from './seed.ts';
import { memberOf } from './tenant-matrix-fixtures.ts';

let ctx: TestContext;
let admin: Account;
let analyst: Account;
let auditor: Account;
let viewer: Account;
let other: Account;
let free: Account;

/** The database's refusal: drizzle wraps PostgreSQL's error as the cause. */
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
  );

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'evidence-admin@example.com', 'Enterprise');
  other = await createAccount(ctx, 'evidence-other@example.com', 'Enterprise');
  free = await createAccount(ctx, 'evidence-free@example.com');
  analyst = await memberOf(ctx, admin.organizationId, 'security_analyst', 'ev-analyst');
  auditor = await memberOf(ctx, admin.organizationId, 'auditor', 'ev-auditor');
  viewer = await memberOf(ctx, admin.organizationId, 'viewer', 'ev-viewer');
  const scan = await seedScan(ctx, admin, { status: 'completed', createdAt: ago(120) });
  await seedVulnerability(ctx, admin, scan.id, { severity: 'medium' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const evidenceOf = async (who: Account, query = '') =>
  (await call(ctx, who, 'GET', `/api/compliance/evidence${query}`)).json() as {
    items: {
      id: string;
      type: string;
      status: string;
      contentHash: string;
      source: { id: string | null };
    }[];
    total: number;
  };

describe('collection', () => {
  it('collects SOC 2 evidence as a run: items with hashes, ledger rows and a signed digest', async () => {
    const run = await collectNow(ctx, admin, { frameworkId: 'soc2' });
    expect(run.status).toBe('completed');
    expect(run.itemCount).toBeGreaterThanOrEqual(25);
    expect(run.digestNumber).toBe(1);
    const { items } = await evidenceOf(admin, '?frameworkId=soc2&limit=500');
    expect(items.length).toBe(run.itemCount);
    const recency = items.find((i) => i.type === 'scan_result');
    expect(recency?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const dashboard = (await call(ctx, admin, 'GET', '/api/compliance/dashboard')).json();
    expect(dashboard.ledger).toEqual({ rows: run.itemCount, digests: 1 });
    expect(dashboard.key.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('derives each requirement status with its reason; missing evidence is never compliant', async () => {
    const res = await call(
      ctx,
      admin,
      'GET',
      '/api/compliance/frameworks?includeRequirements=true',
    );
    expect(res.statusCode).toBe(200);
    const soc2 = res.json().frameworks.find((f: { id: string }) => f.id === 'soc2');
    expect(soc2.requirementCount).toBe(61);
    const byId = new Map(soc2.requirements.map((r: { id: string }) => [r.id, r]));
    // MFA: no member uses it, so the evidence says it is not met.
    expect(byId.get('CC6.1')).toMatchObject({ coverage: 'automated', status: 'non_compliant' });
    // No collector covers board oversight: manual, not assessed, and the reason says to upload.
    const board = byId.get('CC1.2') as { coverage: string; status: string; reason: string };
    expect(board).toMatchObject({ coverage: 'manual', status: 'not_assessed' });
    expect(board.reason).toContain('upload evidence');
    const counts = soc2.statusCounts;
    expect(Object.values(counts).reduce((a: number, b) => a + (b as number), 0)).toBe(61);
    expect(counts.compliant).toBeLessThan(61);
  });

  it('collects for one requirement only, and refuses a requirement no collector covers', async () => {
    const run = await collectNow(ctx, analyst, {
      frameworkId: 'hipaa',
      requirementId: '164.312(d)',
    });
    expect(run.status).toBe('completed');
    expect(run.itemCount).toBe(2); // mfa_members and mfa_admins
    const refused = await call(ctx, admin, 'POST', '/api/compliance/collect', {
      frameworkId: 'soc2',
      requirementId: 'CC1.2',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'No collector gathers evidence for soc2:CC1.2: upload it instead',
    );
    const unknown = await call(ctx, admin, 'POST', '/api/compliance/collect', {
      frameworkId: 'sox',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('validate-evidence and the ledger', () => {
  it('verifies an untouched item and reports a tampered one', async () => {
    const { items } = await evidenceOf(admin, '?limit=1');
    const id = items[0]!.id;
    const ok = await call(ctx, auditor, 'POST', '/api/compliance/validate', { evidenceId: id });
    expect(ok.json()).toMatchObject({
      evidenceId: id,
      status: 'valid',
      tampered: false,
      expired: false,
    });
    await ctx.db
      .update(evidenceItems)
      .set({ metadata: sql`metadata || '{"forged": true}'::jsonb` })
      .where(eq(evidenceItems.id, id));
    const bad = (
      await call(ctx, auditor, 'POST', '/api/compliance/validate', { evidenceId: id })
    ).json();
    expect(bad.tampered).toBe(true);
    expect(bad.reason).toContain('tampered: the content hashes to');
    expect(bad.computedHash).not.toBe(bad.storedHash);
    // Put back: the hash matches again (it covers the content, nothing else).
    await ctx.db
      .update(evidenceItems)
      .set({ metadata: sql`metadata - 'forged'` })
      .where(eq(evidenceItems.id, id));
    const restored = await call(ctx, auditor, 'POST', '/api/compliance/validate', {
      evidenceId: id,
    });
    expect(restored.json().tampered).toBe(false);
  });

  it('refuses UPDATE and DELETE of ledger and digest rows (the trigger)', async () => {
    const org = admin.organizationId;
    expect(
      await refusal(
        ctx.db.execute(
          sql`update evidence_ledger set status = 'valid' where organization_id = ${org}`,
        ),
      ),
    ).toMatch(/^evidence_ledger is append-only: row 1 of organization .* cannot be changed$/);
    expect(
      await refusal(
        ctx.db.execute(sql`delete from evidence_ledger where organization_id = ${org}`),
      ),
    ).toMatch(/^evidence_ledger is append-only: row \d+ of organization .* cannot be deleted$/);
    expect(
      await refusal(
        ctx.db.execute(
          sql`update evidence_digests set digest = '{}' where organization_id = ${org}`,
        ),
      ),
    ).toMatch(/evidence_digests is append-only/);
    expect(await refusal(ctx.db.execute(sql`truncate evidence_ledger`))).toMatch(
      /cannot be truncated/,
    );
    // The items table is not the ledger: a status may change there (the ledger records it).
    expect(
      await refusal(
        ctx.db.execute(
          sql`update evidence_items set status = status where organization_id = ${org}`,
        ),
      ),
    ).toBe('accepted');
  });

  it('stores stale evidence as expired, and a requirement resting on it is not compliant', async () => {
    await seedScan(ctx, other, { status: 'completed', createdAt: ago(10 * 24 * 60) });
    const run = await collectNow(ctx, other, { options: { collectorIds: ['scan_recency'] } });
    expect(run.itemCount).toBe(1);
    const { items } = await evidenceOf(other);
    expect(items.map((i) => i.status)).toEqual(['expired']);
    const soc2 = (
      await call(ctx, other, 'GET', '/api/compliance/frameworks?includeRequirements=true')
    )
      .json()
      .frameworks.find((f: { id: string }) => f.id === 'soc2');
    const cc71 = soc2.requirements.find((r: { id: string }) => r.id === 'CC7.1');
    expect(cc71.status).toBe('not_assessed');
    expect(cc71.reason).toContain(`${items[0]!.id}: expired at`);
  });
});

describe('uploads', () => {
  it('answers each spec message: size, dangerous extension, type by content', async () => {
    const big = await upload(ctx, admin, 'policy.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('File size exceeds 10MB limit');
    const exe = await upload(ctx, admin, 'policy.exe', Buffer.from('MZ'));
    expect(exe.json().error.message).toBe('Dangerous file extension detected');
    const js = await upload(ctx, admin, 'evidence.pdf.js', Buffer.from('%PDF-1.4'));
    expect(js.json().error.message).toBe('Dangerous file extension detected');
    const fake = await upload(
      ctx,
      admin,
      'scan.pdf',
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe('File type not allowed');
    const lying = await upload(ctx, admin, 'screenshot.png', Buffer.from('%PDF-1.7\n'));
    expect(lying.json().error.message).toBe('File type not allowed');
  });

  it('stores an upload pending review; an auditor reviews it once; it downloads byte for byte', async () => {
    const res = await upload(ctx, admin, 'mfa settings.png', PNG, { type: 'screenshot' });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ status: 'pending_review', source: { kind: 'upload' } });
    expect(item.file).toEqual({
      name: 'mfa settings.png',
      mediaType: 'image/png',
      size: PNG.length,
    });
    expect(
      (await call(ctx, analyst, 'POST', `/api/compliance/evidence/${item.id}/review`)).statusCode,
    ).toBe(403);
    const reviewed = await call(ctx, auditor, 'POST', `/api/compliance/evidence/${item.id}/review`);
    expect(reviewed.json()).toMatchObject({ status: 'valid', reviewedBy: auditor.email });
    const again = await call(ctx, admin, 'POST', `/api/compliance/evidence/${item.id}/review`);
    expect(again.statusCode).toBe(409);
    const file = await call(ctx, auditor, 'GET', `/api/compliance/evidence/${item.id}/download`);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const soc2 = (
      await call(ctx, admin, 'GET', '/api/compliance/frameworks?includeRequirements=true')
    )
      .json()
      .frameworks.find((f: { id: string }) => f.id === 'soc2');
    expect(soc2.requirements.find((r: { id: string }) => r.id === 'CC1.1').status).toBe(
      'compliant',
    );
  });

  it('is for admins only', async () => {
    for (const who of [analyst, auditor, viewer]) {
      const res = await upload(ctx, who, 'policy.txt', Buffer.from('policy'));
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('schedules', () => {
  it('starts with SOC 2 weekly and ISO 27001 monthly; admins change them, others may not', async () => {
    const list = (await call(ctx, auditor, 'GET', '/api/compliance/schedules')).json().schedules;
    expect(
      list.map((s: { scopeId: string; frequency: string }) => [s.scopeId, s.frequency]),
    ).toEqual([
      ['iso27001', 'monthly'],
      ['soc2', 'weekly'],
    ]);
    const body = { collectorId: 'mfa_members', schedule: { frequency: 'daily' } };
    expect((await call(ctx, auditor, 'PUT', '/api/compliance/schedules', body)).statusCode).toBe(
      403,
    );
    expect((await call(ctx, analyst, 'PUT', '/api/compliance/schedules', body)).statusCode).toBe(
      403,
    );
    const set = await call(ctx, admin, 'PUT', '/api/compliance/schedules', body);
    expect(set.json()).toMatchObject({
      scopeKind: 'collector',
      scopeId: 'mfa_members',
      frequency: 'daily',
    });
    const bad = await call(ctx, admin, 'PUT', '/api/compliance/schedules', {
      frameworkId: 'soc2',
      schedule: { frequency: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('reports, readiness and packages', () => {
  it('generates a report as JSON and PDF, listed under Compliance Reports', async () => {
    const made = await call(ctx, auditor, 'POST', '/api/compliance/reports', {
      frameworkId: 'iso27001',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json();
    const json = (
      await call(ctx, auditor, 'GET', `/api/compliance/reports/${id}/download?format=json`)
    ).json();
    expect(json.requirements).toHaveLength(118);
    expect(json.remediationTimeline[0].targetDays).toBeLessThanOrEqual(30);
    const pdf = await call(
      ctx,
      auditor,
      'GET',
      `/api/compliance/reports/${id}/download?format=pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const list = (await call(ctx, admin, 'GET', '/api/compliance/reports')).json().reports;
    expect(list.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('gives audit readiness from valid automated evidence, with what expires in 30 days', async () => {
    const r = (
      await call(ctx, auditor, 'GET', '/api/compliance/readiness?frameworkId=soc2')
    ).json();
    expect(r.requirementCount).toBe(61);
    expect(r.automatedValid).toBeGreaterThan(0);
    expect(r.readiness).toBe(Math.round((r.automatedValid / 61) * 1000) / 10);
    expect(r.expiringIn30Days.length).toBeGreaterThan(0);
  });

  it('exports a package the offline verifier accepts, chained to the previous one, and audits it', async () => {
    const key = (await call(ctx, auditor, 'GET', '/api/compliance/public-key')).json();
    const first = await call(ctx, auditor, 'POST', '/api/compliance/export', {
      frameworkId: 'soc2',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    const checked = verifyPackage(first.rawPayload, { expectedFingerprint: key.fingerprint });
    expect(checked.breaks).toEqual([]);
    expect(checked.contents.manifest?.files.length).toBeGreaterThan(30);
    const names = readZip(first.rawPayload).map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'SHA256SUMS',
        'public-key.pem',
        'assessment-results.json',
        'README.md',
      ]),
    );
    const second = await call(ctx, admin, 'POST', '/api/compliance/export', {});
    const chained = verifyPackage(second.rawPayload, {
      previous: first.rawPayload,
      expectedFingerprint: key.fingerprint,
    });
    expect(chained.breaks).toEqual([]);
    // The same package checked against a package of another organization is refused.
    const foreign = await call(ctx, other, 'POST', '/api/compliance/export', {});
    const mixed = verifyPackage(second.rawPayload, { previous: foreign.rawPayload });
    expect(mixed.ok).toBe(false);
    const events = await ctx.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.organizationId, admin.organizationId),
          sql`${securityEvents.metadata}->>'action' = 'evidence_package_exported'`,
        ),
      );
    expect(events).toHaveLength(2);
    expect((await call(ctx, analyst, 'POST', '/api/compliance/export', {})).statusCode).toBe(403);
  });
});

describe('roles, plan and isolation', () => {
  it('lets viewers read nothing, and Free plans get 402', async () => {
    expect((await call(ctx, viewer, 'GET', '/api/compliance/frameworks')).statusCode).toBe(403);
    expect((await call(ctx, viewer, 'GET', '/api/compliance/evidence')).statusCode).toBe(403);
    expect((await call(ctx, auditor, 'POST', '/api/compliance/collect', {})).statusCode).toBe(403);
    const res = await call(ctx, free, 'GET', '/api/compliance/frameworks');
    expect(res.statusCode).toBe(402);
  });

  it('keeps a second organization out of the first one’s evidence, runs and reports', async () => {
    const mine = await evidenceOf(admin, '?limit=1');
    const id = mine.items[0]!.id;
    const theirIds = (await evidenceOf(other)).items.map((i) => i.id);
    expect(theirIds).not.toContain(id);
    expect(theirIds).toHaveLength(1);
    expect((await call(ctx, other, 'GET', `/api/compliance/evidence/${id}`)).statusCode).toBe(404);
    expect(
      (await call(ctx, other, 'GET', `/api/compliance/evidence/${id}/download`)).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, other, 'POST', `/api/compliance/evidence/${id}/review`)).statusCode,
    ).toBe(404);
    const v = await call(ctx, other, 'POST', '/api/compliance/validate', { evidenceId: id });
    expect(v.statusCode).toBe(404);
    const reports = (await call(ctx, admin, 'GET', '/api/compliance/reports')).json().reports;
    const r = await call(
      ctx,
      other,
      'GET',
      `/api/compliance/reports/${reports[0].id}/download?format=json`,
    );
    expect(r.statusCode).toBe(404);
    const runs = (await call(ctx, admin, 'GET', '/api/compliance/runs')).json().runs;
    expect((await call(ctx, other, 'GET', `/api/compliance/runs/${runs[0].id}`)).statusCode).toBe(
      404,
    );
    const theirs = (await call(ctx, other, 'GET', '/api/compliance/dashboard')).json();
    expect(theirs.evidence.total).toBe(1);
    expect(theirs.key.fingerprint).not.toBe(
      (await call(ctx, admin, 'GET', '/api/compliance/public-key')).json().fingerprint,
    );
  });
});
