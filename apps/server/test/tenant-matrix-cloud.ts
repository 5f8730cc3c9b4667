import { cloudConnections, cloudMuteRules, cloudScans } from '../src/db/schema.ts';
import type { TestContext } from './helpers.ts';
import type { Fixtures } from './tenant-matrix-fixtures.ts';
import type { Req, Sample } from './tenant-matrix-samples.ts';

// Local forms of the samples' get and send: this file is imported by the fixtures.
const get =
  (url: string | ((f: Fixtures) => string)) =>
  (f: Fixtures): Req => ({ url: typeof url === 'string' ? url : url(f) });
const send =
  (url: string | ((f: Fixtures) => string), payload: unknown) =>
  (f: Fixtures): Req => ({ url: typeof url === 'string' ? url : url(f), payload });

const DAY = 86_400_000;

/** A connection as stored (its credentials are never read by the samples). */
const connectionRow = (organizationId: string, name: string) => ({
  organizationId,
  provider: 'aws' as const,
  name,
  sealedCredentials: 'sealed',
  region: 'us-east-1',
  account: '123456789012',
  principal: 'arn:aws:iam::123456789012:user/tm',
});

async function insertConnection(ctx: TestContext, organizationId: string, name: string) {
  const [row] = await ctx.db
    .insert(cloudConnections)
    .values(connectionRow(organizationId, name))
    .returning();
  return row as typeof cloudConnections.$inferSelect;
}

async function insertScan(
  ctx: TestContext,
  connection: typeof cloudConnections.$inferSelect,
  status: 'queued' | 'failed',
) {
  const [row] = await ctx.db
    .insert(cloudScans)
    .values({
      organizationId: connection.organizationId,
      connectionId: connection.id,
      connectionName: connection.name,
      provider: connection.provider,
      status,
      finishedAt: status === 'failed' ? new Date() : null,
    })
    .returning({ id: cloudScans.id });
  return (row as { id: string }).id;
}

async function insertRule(ctx: TestContext, organizationId: string, mark: string) {
  const [row] = await ctx.db
    .insert(cloudMuteRules)
    .values({
      organizationId,
      region: 'eu-west-3',
      reason: `${mark} no workloads there`,
      expiresAt: new Date(Date.now() + DAY),
    })
    .returning({ id: cloudMuteRules.id });
  return (row as { id: string }).id;
}

/** A's cloud fixtures: a connection, a finished scan of it and a mute rule, named with `mark`. */
export async function seedCloud(ctx: TestContext, organizationId: string, mark: string) {
  const connection = await insertConnection(ctx, organizationId, `${mark} aws`);
  return {
    connectionId: connection.id,
    scanId: await insertScan(ctx, connection, 'failed'),
    ruleId: await insertRule(ctx, organizationId, mark),
  };
}

/** One sample per cloud operation; none reaches a cloud provider. */
export const CLOUD_SAMPLES: Record<string, Sample> = {
  'GET /api/cloud/connections': { req: get('/api/cloud/connections') },
  // Refused by validation before any call to AWS: the guard answers first for other roles.
  'POST /api/cloud/connections': {
    req: send('/api/cloud/connections', {
      provider: 'aws',
      credentials: { accessKeyId: 'short', secretAccessKey: 'x' },
    }),
    ok: [400],
    other: 400,
  },
  'DELETE /api/cloud/connections/:id': {
    req: async (f, _c, ctx) => {
      const row = await insertConnection(ctx, f.organizationId, 'tm throw-away');
      return { url: `/api/cloud/connections/${row.id}` };
    },
  },
  // The first allowed caller queues a scan of A's connection; it is then busy (409).
  'POST /api/cloud/scans': {
    req: send('/api/cloud/scans', {}),
    ok: [409],
    other: 409,
  },
  'GET /api/cloud/scans': { req: get('/api/cloud/scans') },
  'GET /api/cloud/scans/:id': { req: get((f) => `/api/cloud/scans/${f.cloud.scanId}`) },
  'GET /api/cloud/scans/:id/comparison': {
    req: get((f) => `/api/cloud/scans/${f.cloud.scanId}/comparison`),
  },
  'POST /api/cloud/scans/:id/cancel': {
    req: async (f, _c, ctx) => {
      const connection = await insertConnection(ctx, f.organizationId, 'tm to cancel');
      return { url: `/api/cloud/scans/${await insertScan(ctx, connection, 'queued')}/cancel` };
    },
  },
  'GET /api/cloud/findings': { req: get('/api/cloud/findings?state=all&muted=all') },
  'GET /api/cloud/mute-rules': { req: get('/api/cloud/mute-rules') },
  'POST /api/cloud/mute-rules': {
    req: () => ({
      url: '/api/cloud/mute-rules',
      payload: {
        checkId: 'aws_s3_bucket_policy_public',
        reason: 'tm rule',
        expiresAt: new Date(Date.now() + DAY).toISOString(),
      },
    }),
  },
  'PATCH /api/cloud/mute-rules/:id': {
    req: send((f) => `/api/cloud/mute-rules/${f.cloud.ruleId}`, { reason: 'tm reviewed' }),
  },
  'DELETE /api/cloud/mute-rules/:id': {
    req: async (f, _c, ctx) => ({
      url: `/api/cloud/mute-rules/${await insertRule(ctx, f.organizationId, 'tm throw-away')}`,
    }),
  },
};
