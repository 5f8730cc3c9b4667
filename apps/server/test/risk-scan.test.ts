import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { riskSnapshots, vulnerabilities, vulnerabilityAssessments } from '../src/db/schema.ts';
import { takeDueRiskSnapshots } from '../src/modules/risk/risk.assess.ts';
import type { Workers } from '../src/workers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  startTestWorkers,
  type TestContext,
} from './helpers.ts';
import { runScan, startPlainHttp, waitFor } from './scan-helpers.ts';
import { ago } from './seed.ts';

const HOST = testResources().host(64);
let ctx: TestContext;
let workers: Workers;
let owner: Account;
let web: Awaited<ReturnType<typeof startPlainHttp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  workers = await startTestWorkers(ctx);
  owner = await createAccount(ctx, 'risk-scan@example.com');
  web = await startPlainHttp([8888, 8008, 8081, 9000, 9090, 7000], HOST);
});
afterAll(async () => {
  await web?.close();
  await workers?.stop();
  await ctx?.close();
});

describe('risk after a scan', () => {
  it('assesses the findings and takes a snapshot when a scan completes', async () => {
    await runScan(ctx, owner, {
      scan_name: 'Risk loopback',
      scan_type: 'vulnerability',
      target_hosts: [HOST],
    });
    const found = await ctx.db
      .select({ id: vulnerabilities.id })
      .from(vulnerabilities)
      .where(eq(vulnerabilities.organizationId, owner.organizationId));
    expect(found.length).toBeGreaterThan(0);
    const snapshot = await waitFor(async () => {
      const [row] = await ctx.db
        .select()
        .from(riskSnapshots)
        .where(eq(riskSnapshots.organizationId, owner.organizationId));
      return row;
    }, 10_000);
    const assessed = await ctx.db
      .select()
      .from(vulnerabilityAssessments)
      .where(eq(vulnerabilityAssessments.organizationId, owner.organizationId));
    expect(assessed.map((a) => a.vulnerabilityId).sort()).toEqual(found.map((f) => f.id).sort());
    const total = assessed.reduce((s, a) => s + a.riskScore, 0);
    expect(snapshot).toMatchObject({ openVulnerabilities: found.length });
    expect(snapshot.totalRisk).toBeCloseTo(total, 1);
    // A loopback address: SSVC System Exposure small, no external multiplier.
    const first = assessed[0]?.assessment;
    expect(first?.ssvc.path).toContainEqual({
      point: 'System Exposure',
      value: 'small',
      reason: `${HOST} is a loopback address`,
    });
  });

  it('snapshots an organization again only after an hour', async () => {
    const count = async () =>
      (
        await ctx.db
          .select()
          .from(riskSnapshots)
          .where(eq(riskSnapshots.organizationId, owner.organizationId))
      ).length;
    expect(await takeDueRiskSnapshots(ctx.db)).toBe(0);
    expect(await count()).toBe(1);
    await ctx.db
      .update(riskSnapshots)
      .set({ takenAt: ago(61) })
      .where(eq(riskSnapshots.organizationId, owner.organizationId));
    expect(await takeDueRiskSnapshots(ctx.db)).toBe(1);
    expect(await count()).toBe(2);
  });
});
