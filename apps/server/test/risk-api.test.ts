import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetContexts,
  epssScores,
  riskSnapshots,
  userRoles,
  vulnerabilityAssessments,
  vulnerabilityEvents,
} from '../src/db/schema.ts';
import { assessVulnerabilities, takeRiskSnapshot } from '../src/modules/risk/risk.assess.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedIntel, seedRiskVulnerability } from './risk-seed.ts';
import { ago } from './seed.ts';

let ctx: TestContext;
let alice: Account;
let bob: Account;
const ids: Record<'exposed' | 'internal' | 'loopback' | 'old' | 'fixed' | 'bob', string> =
  {} as never;
const today = new Date().toISOString().slice(0, 10);
const threeDaysAgo = ago(3 * 24 * 60)
  .toISOString()
  .slice(0, 10);
const FULL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';
const FULL_40 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';

/**
 * Alice: an exposed KEV-listed finding seen 2 h ago on a critical host, an internal one seen 3 days
 * ago (probe-confirmed, no CVE), a loopback one 20 days ago, an old one 60 days ago, a fixed one.
 * Bob: one finding. Risk snapshots at -2 h, -30 h, -10 d and -40 d.
 */
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createAccount(ctx, 'alice-risk@example.com', 'Enterprise');
  bob = await createAccount(ctx, 'bob-risk@example.com', 'Enterprise');
  await seedIntel(ctx, 'CVE-2024-0001', {
    vector: FULL,
    other: { version: '4.0', vector: FULL_40, score: 9.3 },
    kev: { dateAdded: '2024-07-10', dueDate: '2024-07-31', ransomware: false },
    epss: { score: 0.5, percentile: 0.98, date: today },
  });
  // EPSS history: 0.04 three days ago, 0.5 today (the current row).
  await ctx.db.insert(epssScores).values({
    cveId: 'CVE-2024-0001',
    scoreDate: threeDaysAgo,
    score: 0.04,
    percentile: 0.9,
    modelVersion: 'v2025.03.14',
  });
  await seedIntel(ctx, 'CVE-2024-0002', { vector: 'CVSS:3.1/AV:N/AC:H/PR:L/UI:N/S:U/C:L/I:L/A:N' });
  await ctx.db.insert(assetContexts).values({
    organizationId: alice.organizationId,
    kind: 'host',
    target: '198.51.100.7',
    criticality: 'critical',
    missionPrevalence: 'essential',
    publicWellbeing: 'irreversible',
    owner: 'ops-team',
  });
  const seed = (who: Account, s: Parameters<typeof seedRiskVulnerability>[2]) =>
    seedRiskVulnerability(ctx, who, s).then((r) => r.id);
  ids.exposed = await seed(alice, {
    host: '198.51.100.7',
    cveId: 'CVE-2024-0001',
    cvss: 9.8,
    seenHoursAgo: 2,
    detection: {
      method: 'package_revision',
      qod: 97,
      detail: 'deb12u2',
      distribution: 'Debian 12',
    },
  });
  ids.internal = await seed(alice, {
    host: '10.0.0.5',
    port: 80,
    cvss: 5.3,
    seenHoursAgo: 72,
    detection: { method: 'active_probe', qod: 95, detail: 'listing served', distribution: null },
  });
  ids.loopback = await seed(alice, {
    host: '127.0.0.1',
    port: 6379,
    cvss: 9.8,
    seenHoursAgo: 20 * 24,
  });
  ids.old = await seed(alice, {
    host: '192.0.2.10',
    cveId: 'CVE-2024-0002',
    cvss: 4,
    seenHoursAgo: 60 * 24,
  });
  ids.fixed = await seed(alice, { host: '192.0.2.11', cvss: 9, seenHoursAgo: 1, state: 'fixed' });
  ids.bob = await seed(bob, { host: '203.0.113.9', cvss: 7.5, seenHoursAgo: 1 });
  for (const [hours, total] of [
    [2, 200],
    [30, 250],
    [240, 300],
    [960, 500],
  ] as const)
    await ctx.db.insert(riskSnapshots).values({
      organizationId: alice.organizationId,
      takenAt: ago(hours * 60),
      totalRisk: total,
      openVulnerabilities: 4,
    });
  expect(await assessVulnerabilities(ctx.db, { organizationId: alice.organizationId })).toBe(4);
  expect(await assessVulnerabilities(ctx.db, { organizationId: bob.organizationId })).toBe(1);
});
afterAll(() => ctx?.close());

const get = (who: Account, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/risk/${url}`, headers: who.auth });
const read = async (who: Account, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('assessVulnerabilities', () => {
  it('stores an assessment per open vulnerability, computed from the feeds and the asset context', async () => {
    const rows = await ctx.db
      .select()
      .from(vulnerabilityAssessments)
      .where(eq(vulnerabilityAssessments.organizationId, alice.organizationId));
    expect(rows.map((r) => r.vulnerabilityId).sort()).toEqual(
      [ids.exposed, ids.internal, ids.loopback, ids.old].sort(),
    );
    const exposed = rows.find((r) => r.vulnerabilityId === ids.exposed)!;
    expect(exposed).toMatchObject({
      riskScore: 100,
      riskLevel: 'critical',
      coordinator: 'act',
      deployer: 'immediate',
    });
    expect(exposed.assessment.kev).toEqual({
      date_added: '2024-07-10',
      due_date: '2024-07-31',
      ransomware: false,
    });
    expect(exposed.assessment.epss).toMatchObject({
      score: 0.5,
      date: today,
      model_version: 'v2025.03.14',
    });
    expect(exposed.assessment.cvss?.vector).toBe(FULL);
    // NVD's 4.0 vector is kept beside the 3.1 one the score starts from.
    expect(exposed.assessment.cvss?.others).toEqual([
      { version: '4.0', base_score: 9.3, vector: FULL_40, severity: 'critical' },
    ]);
    expect(exposed.assessment.multipliers.every((m) => m.applied)).toBe(true);
  });

  it('writes an event when first assessed, none when nothing changed, and one when the priority changes', async () => {
    const events = () =>
      ctx.db
        .select()
        .from(vulnerabilityEvents)
        .where(eq(vulnerabilityEvents.vulnerabilityId, ids.old));
    expect((await events()).map((e) => e.kind)).toEqual(['assessed']);
    await assessVulnerabilities(ctx.db, {
      organizationId: alice.organizationId,
      vulnerabilityIds: [ids.old],
    });
    expect(await events()).toHaveLength(1);
    await seedIntel(ctx, 'CVE-2024-0002', {
      kev: { dateAdded: '2024-08-01', dueDate: '2024-08-22', ransomware: true },
    });
    await assessVulnerabilities(ctx.db, {
      organizationId: alice.organizationId,
      vulnerabilityIds: [ids.old],
    });
    const after = await events();
    expect(after.map((e) => e.kind)).toEqual(['assessed', 'priority_changed']);
    // Exploitation none -> active on an open, non-automatable host with low human impact (assumed);
    // the vector's base 4.2 x10 x1.5 (external) = 63 gains x1.2 (exploit) = 75.6: urgent.
    expect(after[1]?.summary).toBe(
      'KEV entry added on 2024-08-01: SSVC deployer Defer -> Scheduled; urgency moderate -> urgent',
    );
    expect(after[1]?.details).toMatchObject({
      riskScore: 75.6,
      previousRiskScore: 63,
      deployer: 'scheduled',
    });
  });

  it('records the summed risk of the open assessed vulnerabilities in a snapshot', async () => {
    await takeRiskSnapshot(ctx.db, bob.organizationId);
    const [snap] = await ctx.db
      .select()
      .from(riskSnapshots)
      .where(eq(riskSnapshots.organizationId, bob.organizationId));
    // 203.0.113.9 is external: 75 x 1.5 = 112.5, capped at 100.
    expect(snap).toMatchObject({ totalRisk: 100, openVulnerabilities: 1 });
    await ctx.db.delete(riskSnapshots).where(eq(riskSnapshots.organizationId, bob.organizationId));
  });
});

describe('GET /api/risk/summary', () => {
  it('computes the cards over each range', async () => {
    const conf = async (id: string) =>
      (await read(alice, `assessments/${id}`)).confidence as number;
    const [exposed, internal, loopback, old] = await Promise.all(
      [ids.exposed, ids.internal, ids.loopback, ids.old].map(conf),
    );
    const mean = (...xs: (number | undefined)[]) =>
      Math.round((xs.reduce((s: number, x) => s + (x ?? Number.NaN), 0) / xs.length) * 100) / 100;
    expect(await read(alice, 'summary?range=24h')).toEqual({
      range: '24h',
      ai_confidence: exposed,
      high_risk_assets: 1,
      risk_reduction: -20, // mean 200 over the last 24 h vs 250 the 24 h before
      auto_prioritized: 1,
    });
    expect(await read(alice, 'summary?range=7d')).toEqual({
      range: '7d',
      ai_confidence: mean(exposed, internal),
      high_risk_assets: 1,
      risk_reduction: -25, // mean(200, 250) vs 300
      auto_prioritized: 2, // the internal one has a deployer decision, not a coordinator one
    });
    expect(await read(alice, 'summary?range=30d')).toMatchObject({
      ai_confidence: mean(exposed, internal, loopback),
      risk_reduction: -50, // mean(200, 250, 300) vs 500
      auto_prioritized: 2, // the loopback finding has no vector nor probe: undecided
    });
    expect(await read(alice, 'summary')).toMatchObject({ range: '7d' });
    expect(await read(alice, 'summary?range=90d')).toMatchObject({
      ai_confidence: mean(exposed, internal, loopback, old),
      risk_reduction: null, // no snapshot in the 90 days before
      auto_prioritized: 3,
    });
  });

  it('gives null, not a number, where nothing can be computed', async () => {
    const carol = await createAccount(ctx, 'carol-risk@example.com', 'Enterprise');
    expect(await read(carol, 'summary?range=30d')).toEqual({
      range: '30d',
      ai_confidence: null,
      high_risk_assets: 0,
      risk_reduction: null,
      auto_prioritized: 0,
    });
  });

  it('rejects an unknown range with the message', async () => {
    const res = await get(alice, 'summary?range=1y');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Range must be one of 24h, 7d, 30d, 90d');
    expect((await get(alice, 'trends?range=2d')).statusCode).toBe(400);
  });
});

describe('assessments', () => {
  it('lists the assessments of the range by score, with what names the vulnerability', async () => {
    const day = (await read(alice, 'assessments?range=24h')).items;
    expect(day.map((a: { vulnerability_id: string }) => a.vulnerability_id)).toEqual([ids.exposed]);
    expect(day[0]).toMatchObject({
      title: 'Finding on 198.51.100.7',
      host: '198.51.100.7',
      port: 22,
      cve_id: 'CVE-2024-0001',
    });
    const all = (await read(alice, 'assessments?range=90d')).items;
    expect(all.map((a: { riskScore: number }) => a.riskScore)).toEqual(
      [...all.map((a: { riskScore: number }) => a.riskScore)].sort((x, y) => y - x),
    );
    expect(all).toHaveLength(4);
  });

  it('shows one assessment with its decision path and keeps organizations apart', async () => {
    const one = await read(alice, `assessments/${ids.exposed}`);
    expect(
      one.ssvc.path.map((s: { point: string; value: string }) => `${s.point}=${s.value}`),
    ).toEqual([
      'Exploitation=active',
      'Automatable=yes',
      'Technical Impact=total',
      'Mission & Well-being=high',
      'System Exposure=open',
      'Human Impact=high',
    ]);
    expect(one.narrative).toBeNull();
    const foreign = await get(bob, `assessments/${ids.exposed}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Risk assessment not found');
    expect((await get(alice, 'assessments/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await read(bob, 'assessments?range=90d')).items.map(
        (a: { vulnerability_id: string }) => a.vulnerability_id,
      ),
    ).toEqual([ids.bob]);
    expect((await get(alice, `assessments/${ids.fixed}`)).statusCode).toBe(404);
  });
});

describe('prioritization, trends, insights', () => {
  it('orders the queue by deployer, coordinator and score, with due date and owner', async () => {
    const items = (await read(alice, 'prioritization')).items;
    expect(items.map((i: { vulnerability_id: string }) => i.vulnerability_id)).toEqual([
      ids.exposed,
      ids.old,
      ids.internal,
      ids.loopback,
    ]);
    expect(items[0]).toMatchObject({
      deployer: 'immediate',
      coordinator: 'act',
      due_at: '2024-07-31',
      owner: 'ops-team',
    });
    expect(items[3]).toMatchObject({ deployer: null, coordinator: null, owner: null });
  });

  it('draws the trend from the snapshots in the range', async () => {
    const points = (await read(alice, 'trends?range=7d')).points;
    expect(points.map((p: { total_risk: number }) => p.total_risk)).toEqual([250, 200]);
    expect((await read(alice, 'trends?range=90d')).points).toHaveLength(4);
  });

  it('states insights from the data, each with its vulnerabilities', async () => {
    const day = (await read(alice, 'insights?range=24h')).items;
    expect(day.map((i: { id: string }) => i.id)).toEqual([
      'act-now',
      'known-exploited',
      'externally-exposed',
    ]);
    expect(day[1]).toEqual({
      id: 'known-exploited',
      title: 'Known exploited',
      statement:
        "1 open vulnerability is in CISA's KEV catalog; the earliest due date is 2024-07-31.",
      vulnerability_ids: [ids.exposed],
    });
    const week = (await read(alice, 'insights?range=7d')).items;
    expect(week.find((i: { id: string }) => i.id === 'epss-rising')).toEqual({
      id: 'epss-rising',
      title: 'Exploitation probability rising',
      statement: `EPSS crossed 0.1 in this range: CVE-2024-0001 rose from 0.04 on ${threeDaysAgo} to 0.5 on ${today}.`,
      vulnerability_ids: [ids.exposed],
    });
    const month = (await read(alice, 'insights?range=30d')).items;
    const noContext = month.find((i: { id: string }) => i.id === 'no-asset-context');
    expect(noContext.vulnerability_ids.sort()).toEqual([ids.internal, ids.loopback].sort());
  });

  it('lets a viewer read the page data', async () => {
    await ctx.db
      .update(userRoles)
      .set({ role: 'viewer' })
      .where(and(eq(userRoles.userId, bob.userId)));
    expect((await get(bob, 'summary?range=24h')).statusCode).toBe(200);
    expect((await get(bob, 'prioritization')).statusCode).toBe(200);
  });
});
