import { randomUUID } from 'node:crypto';
import {
  featureUnlockedBy,
  PLAN_FEATURE_KEYS,
  PLAN_FEATURES,
  planRequiredMessage,
  type TPermissionResource,
  type TPlanFeature,
  tierIncludes,
} from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, userRoles } from '../src/db/schema.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  setPlan,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
let free: Account;
let professional: Account;
let enterprise: Account;
let expired: Account;
let unknown: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  free = await createAccount(ctx, 'plan-free@example.com');
  professional = await createAccount(ctx, 'plan-pro@example.com', 'Professional');
  enterprise = await createAccount(ctx, 'plan-ent@example.com', 'Enterprise');
  expired = await createAccount(ctx, 'plan-expired@example.com');
  await setPlan(ctx, expired, 'Enterprise', new Date(Date.now() - 60_000));
  unknown = await createAccount(ctx, 'plan-unknown@example.com');
  await ctx.db
    .update(subscriptions)
    .set({ subscribed: true, productId: 'prod_not_in_the_tier_table', subscriptionEnd: null })
    .where(eq(subscriptions.userId, unknown.userId));
});
afterAll(() => ctx?.close());

const concrete = (url: string) => url.replace(/:[a-z_]+/gi, () => randomUUID());

const call = (who: Account, route: { method: string; url: string }) =>
  ctx.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: who.auth,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

const refusal = (feature: TPlanFeature) => ({
  code: 'payment_required',
  message: planRequiredMessage(feature),
  details: { feature, tier: featureUnlockedBy(feature) },
});

/** Whether the answer is the plan guard's 402 for `feature`. */
const refusedForPlan = (
  res: { statusCode: number; json: () => { error?: unknown } },
  feature: TPlanFeature,
) =>
  res.statusCode === 402 && JSON.stringify(res.json().error) === JSON.stringify(refusal(feature));

describe('one plan guard over the plan matrix', () => {
  it('gates every route of every feature that gates an API path, and only those', () => {
    const gated = new Set(ctx.app.routePlans.map((r) => `${r.method} ${r.url}`));
    for (const feature of PLAN_FEATURE_KEYS) {
      const routes = ctx.app.routePlans.filter((r) => r.feature === feature);
      if (PLAN_FEATURES[feature].api.length > 0) expect(routes.length, feature).toBeGreaterThan(0);
      else expect(routes, feature).toEqual([]);
    }
    // Every route of the Enterprise modules' permission resources is gated, whatever its path.
    const enterpriseResources: TPermissionResource[] = [
      'siem',
      'cloud',
      'remediation',
      'security_scan',
      'incident',
    ];
    const missed = ctx.app.routePermissions
      .filter((r) => r.permission !== 'self' && enterpriseResources.includes(r.permission.resource))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !gated.has(route));
    expect(missed).toEqual([]);
    // What every plan keeps: the session check of the security center's neighbour, scans, billing.
    for (const open of [
      'POST /api/security/session-start',
      'GET /api/scans',
      'GET /api/subscription',
      'GET /api/dashboard',
      'GET /api/vulnerabilities',
    ])
      expect(gated.has(open), open).toBe(false);
    expect(ctx.app.routePlans.length).toBeGreaterThan(60);
  });

  it('answers 402 with the tier that unlocks it to plans without the feature, and lets the others through', async () => {
    const plans = [
      { who: () => free, tier: 'Free' as const },
      { who: () => expired, tier: 'Free' as const },
      { who: () => unknown, tier: 'Unknown' as const },
      { who: () => professional, tier: 'Professional' as const },
      { who: () => enterprise, tier: 'Enterprise' as const },
    ];
    const seen = { refused: 0, passed: 0 };
    for (const route of ctx.app.routePlans) {
      for (const plan of plans) {
        const res = await call(plan.who(), route);
        const label = `${plan.tier} ${route.method} ${route.url}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (tierIncludes(plan.tier, route.feature)) {
          seen.passed++;
          expect(res.statusCode, label).not.toBe(402);
        } else {
          seen.refused++;
          expect(res.statusCode, label).toBe(402);
          expect(res.json().error, label).toEqual(refusal(route.feature));
        }
      }
    }
    // Professional passes its own features (analytics) and is refused Enterprise ones.
    expect(seen.passed).toBeGreaterThan(ctx.app.routePlans.length);
    expect(seen.refused).toBeGreaterThan(3 * ctx.app.routePlans.length);
  });

  it('checks the role first: a member whose role lacks the permission gets 403 on any plan', async () => {
    const viewer = await createAccount(ctx, 'plan-viewer@example.com');
    await ctx.db
      .update(userRoles)
      .set({ role: 'viewer' })
      .where(eq(userRoles.userId, viewer.userId));
    const res = await call(viewer, { method: 'POST', url: '/api/siem/integrations' });
    expect(res.statusCode).toBe(403);
  });

  it('follows the plan at once: a downgrade closes the features, an upgrade opens them', async () => {
    const who = await createAccount(ctx, 'plan-change@example.com', 'Enterprise');
    const route = { method: 'GET', url: '/api/cloud/connections' };
    expect((await call(who, route)).statusCode).toBe(200);
    await setPlan(ctx, who, 'Professional');
    expect(refusedForPlan(await call(who, route), 'cloud')).toBe(true);
    await setPlan(ctx, who, 'Enterprise');
    expect((await call(who, route)).statusCode).toBe(200);
  });
});
