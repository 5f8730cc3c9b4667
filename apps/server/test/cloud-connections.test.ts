import {
  CLOUD_TEXT,
  FREE_PLAN_LIMITS,
  planRequiredMessage,
  SCAN_MESSAGES,
} from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { cloudConnections, cloudScans, securityEvents, subscriptions } from '../src/db/schema.ts';
import { countScansThisMonth } from '../src/modules/subscription/plan-limits.ts';
import { ACCOUNT, AWS_REFUSAL, connectAws, fakeAws, GOOD_KEYS } from './cloud-helpers.ts';
import {
  type Account,
  createAccount,
  createTestApp,
  setPlan,
  type TestContext,
} from './helpers.ts';
import { waitFor } from './scan-helpers.ts';

let ctx: TestContext;
let admin: Account;
const fake = fakeAws();

beforeAll(async () => {
  ctx = await createTestApp({}, { cloudScanners: fake.scanners });
  admin = await createAccount(ctx, 'cloud-connect@example.com', 'Enterprise');
});
afterAll(() => ctx?.close());

/** The organization's privilege events (connect, disconnect), newest first. */
const descriptions = async () =>
  (
    await ctx.db
      .select({ description: securityEvents.description })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.organizationId, admin.organizationId),
          eq(securityEvents.eventType, 'privilege_escalation'),
        ),
      )
      .orderBy(desc(securityEvents.createdAt))
  ).map((e) => e.description);

const list = () =>
  ctx.app.inject({ method: 'GET', url: '/api/cloud/connections', headers: admin.auth });

describe('cloud connections', () => {
  it('refuses credentials the provider refuses, with its reason, and stores nothing', async () => {
    const res = await connectAws(ctx, admin, { ...GOOD_KEYS, secretAccessKey: 'wrong-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CLOUD_TEXT.connectionRefused('aws', AWS_REFUSAL));
    expect(res.json().error.message).toContain(AWS_REFUSAL);
    expect((await list()).json().connections).toEqual([]);
  });

  it('refuses a scan while no provider is connected', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloud/scans',
      headers: admin.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(CLOUD_TEXT.noConnection);
  });

  it('holds no database transaction open while the provider answers', async () => {
    let answer = () => {};
    const asked = new Promise<void>((reached) => {
      fake.state.verifying = () =>
        new Promise<void>((resolve) => {
          answer = resolve;
          reached();
        });
    });
    const connecting = connectAws(ctx, admin, { ...GOOD_KEYS, secretAccessKey: 'wrong-secret' });
    await asked;
    const open = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`,
    );
    answer();
    fake.state.verifying = null;
    expect(open.rows[0]?.n).toBe(0);
    expect((await connecting).statusCode).toBe(400);
  });

  it('connects verified credentials, keeps the secret sealed and never shows it', async () => {
    const res = await connectAws(ctx, admin);
    expect(res.statusCode).toBe(201);
    const connection = res.json();
    expect(connection).toMatchObject({
      provider: 'aws',
      status: 'connected',
      account: ACCOUNT,
      region: 'us-east-1',
      principal: `arn:aws:iam::${ACCOUNT}:user/au***`,
      vulnerabilities: 0,
      lastScan: null,
    });
    const listed = await list();
    for (const body of [res.body, listed.body]) {
      expect(body).not.toContain(GOOD_KEYS.secretAccessKey);
      expect(body).not.toContain(GOOD_KEYS.accessKeyId);
    }
    // The answer may come just before the request's transaction commits.
    const row = await waitFor(async () => {
      const [found] = await ctx.db
        .select()
        .from(cloudConnections)
        .where(eq(cloudConnections.id, connection.id));
      return found;
    }, 5_000);
    expect(row?.sealedCredentials).not.toContain(GOOD_KEYS.secretAccessKey);
    expect(Buffer.from(row?.sealedCredentials ?? '', 'base64url').toString('latin1')).not.toContain(
      GOOD_KEYS.secretAccessKey,
    );
    await waitFor(
      async () =>
        (await descriptions()).includes(`AWS account ${ACCOUNT} connected for cloud scans`),
      5_000,
    );
  });

  it('refuses the same account twice', async () => {
    const res = await connectAws(ctx, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(
      `This AWS account (${ACCOUNT}) is already connected`,
    );
  });

  it('answers bad input with 400 and a message a person can act on, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ provider: 'oracle', credentials: {} }, 'Provider must be aws, azure or gcp'],
      [
        { provider: 'gcp', credentials: { projectId: 'demo-project', serviceAccountKey: '{oops' } },
        'Service account key must be valid JSON',
      ],
      [
        { provider: 'aws', credentials: { accessKeyId: 'short', secretAccessKey: 'x' } },
        'Access key ID must be at least 16 characters',
      ],
      [
        {
          provider: 'azure',
          credentials: {
            tenantId: 'contoso.onmicrosoft.com',
            clientId: 'not-a-guid',
            clientSecret: 'x',
            subscriptionId: '00000000-0000-0000-0000-000000000000',
          },
        },
        'Client ID must be a GUID',
      ],
      [
        { provider: 'aws', credentials: { ...GOOD_KEYS, region: 'Moon-1' } },
        'AWS region must look like us-east-1',
      ],
      [{ provider: 'aws', credentials: { ...GOOD_KEYS, secretAccessKey: 'a\u0000b' } }, 'NUL'],
    ];
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/cloud/connections',
        headers: admin.auth,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    for (const url of ['/api/cloud/scans/not-a-uuid', '/api/cloud/scans?limit=1000']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, url).toBe(400);
    }
    const wrongPair = await ctx.app.inject({
      method: 'POST',
      url: '/api/cloud/scans',
      headers: admin.auth,
      payload: { serviceScan: { provider: 'aws', service: 'ec2', scanType: 'policy_analysis' } },
    });
    expect(wrongPair.statusCode).toBe(400);
    expect(wrongPair.json().error.message).toContain(
      'For AWS service ec2 the scanType is security_groups',
    );
  });

  it("counts each connection scanned in the month's scans: after a downgrade to Free they use up its five", async () => {
    const [connection] = (await list()).json().connections;
    const used = await countScansThisMonth(ctx.db, admin.organizationId);
    expect(used).toBeLessThan(FREE_PLAN_LIMITS.scansPerMonth);
    await ctx.db.insert(cloudScans).values(
      Array.from({ length: FREE_PLAN_LIMITS.scansPerMonth - used }, () => ({
        organizationId: admin.organizationId,
        connectionId: connection.id,
        connectionName: connection.name,
        provider: 'aws' as const,
        status: 'passed' as const,
        requestedBy: admin.userId,
      })),
    );
    const usage = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/usage',
      headers: admin.auth,
    });
    expect(usage.json().scans_this_month).toBe(FREE_PLAN_LIMITS.scansPerMonth);
    // Enterprise has no monthly limit.
    const scan = () =>
      ctx.app.inject({ method: 'POST', url: '/api/cloud/scans', headers: admin.auth, payload: {} });
    expect((await scan()).statusCode).toBe(202);
    // Back on Free: no cloud scans at all, and the month's cloud scans leave no network scan.
    await ctx.db
      .update(subscriptions)
      .set({ subscribed: false, productId: null })
      .where(eq(subscriptions.userId, admin.userId));
    const cloud = await scan();
    expect(cloud.statusCode).toBe(402);
    expect(cloud.json().error.message).toBe(planRequiredMessage('cloud'));
    const network = await ctx.app.inject({
      method: 'POST',
      url: '/api/scans',
      headers: admin.auth,
      payload: {
        scan_name: 'After downgrade',
        scan_type: 'port',
        target_hosts: [testResources().host(1)],
      },
    });
    expect(network.statusCode, network.body).toBe(402);
    expect(network.json().error.message).toBe(
      SCAN_MESSAGES.freeScansPerMonth(FREE_PLAN_LIMITS.scansPerMonth),
    );
    await setPlan(ctx, admin, 'Enterprise');
  });

  it('disconnects: the row and its secret are gone and the event is recorded', async () => {
    const [connection] = (await list()).json().connections;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cloud/connections/${connection.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(204);
    await waitFor(async () => (await ctx.db.select().from(cloudConnections)).length === 0, 5_000);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cloud/connections/${connection.id}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
    await waitFor(
      async () => (await descriptions()).includes(`AWS account ${ACCOUNT} disconnected`),
      5_000,
    );
  });
});
