// Samples of the compliance evidence operations for the tenant matrix: A's evidence (an upload),
// a collection run and a report are made once per fixture set, as A's admin.
import { eq } from 'drizzle-orm';
import { evidenceAuditorGrants } from '../src/db/schema.ts';
import type { TestContext } from './helpers.ts';
import type { Fixtures } from './tenant-matrix-fixtures.ts';
import { asAdmin, get, type Req, type Sample, send } from './tenant-matrix-samples.ts';

const made = new WeakMap<
  Fixtures,
  Promise<{ evidenceId: string; runId: string; reportId: string }>
>();

async function uploadAs(ctx: TestContext, f: Fixtures): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/compliance/evidence/upload?name=policy.txt&title=tm%20policy&requirementIds=soc2:CC1.1',
    headers: { ...f.admin.auth, 'content-type': 'application/octet-stream' },
    payload: Buffer.from('tm policy text\n'),
  });
  if (res.statusCode !== 201) throw new Error(`fixture upload: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

const fixtures = (ctx: TestContext, f: Fixtures) => {
  let p = made.get(f);
  if (!p) {
    p = (async () => ({
      evidenceId: await uploadAs(ctx, f),
      runId: (await asAdmin(ctx, f, 'POST', '/api/compliance/collect', { frameworkId: 'gdpr' }))
        .id as string,
      reportId: (await asAdmin(ctx, f, 'POST', '/api/compliance/reports', { frameworkId: 'gdpr' }))
        .id as string,
    }))();
    made.set(f, p);
  }
  return p;
};

const REQUEST = { frameworkId: 'gdpr', requirementId: 'Art. 32', message: 'tm: send the policy' };

const withIds =
  (build: (ids: Awaited<ReturnType<typeof fixtures>>) => Req) =>
  async (f: Fixtures, _c: unknown, ctx: TestContext) =>
    build(await fixtures(ctx, f));

export const EVIDENCE_SAMPLES: Record<string, Sample> = {
  'GET /api/compliance/frameworks': {
    req: get('/api/compliance/frameworks?includeRequirements=true'),
  },
  'POST /api/compliance/collect': { req: send('/api/compliance/collect', { frameworkId: 'gdpr' }) },
  'GET /api/compliance/runs': { req: get('/api/compliance/runs') },
  'GET /api/compliance/runs/:id': {
    req: withIds((ids) => ({ url: `/api/compliance/runs/${ids.runId}` })),
  },
  'GET /api/compliance/evidence': { req: get('/api/compliance/evidence') },
  'GET /api/compliance/evidence/:id': {
    req: withIds((ids) => ({ url: `/api/compliance/evidence/${ids.evidenceId}` })),
  },
  'GET /api/compliance/evidence/:id/download': {
    req: withIds((ids) => ({ url: `/api/compliance/evidence/${ids.evidenceId}/download` })),
  },
  // Each allowed call reviews an upload of its own (a second review is a 409).
  'POST /api/compliance/evidence/:id/review': {
    req: async (f, _c, ctx) => ({
      url: `/api/compliance/evidence/${await uploadAs(ctx, f)}/review`,
    }),
  },
  'POST /api/compliance/evidence/upload': {
    req: () => ({
      url: '/api/compliance/evidence/upload?name=policy.txt&title=tm%20policy&requirementIds=soc2:CC1.1',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('tm policy text\n'),
    }),
  },
  'POST /api/compliance/validate': {
    req: withIds((ids) => ({
      url: '/api/compliance/validate',
      payload: { evidenceId: ids.evidenceId },
    })),
    other: 404,
  },
  'GET /api/compliance/schedules': { req: get('/api/compliance/schedules') },
  'PUT /api/compliance/schedules': {
    req: send('/api/compliance/schedules', {
      frameworkId: 'soc2',
      schedule: { frequency: 'weekly' },
    }),
  },
  'GET /api/compliance/dashboard': { req: get('/api/compliance/dashboard?includeTrends=true') },
  'GET /api/compliance/readiness': { req: get('/api/compliance/readiness?frameworkId=soc2') },
  'GET /api/compliance/public-key': { req: get('/api/compliance/public-key') },
  'POST /api/compliance/reports': { req: send('/api/compliance/reports', { frameworkId: 'gdpr' }) },
  'GET /api/compliance/reports': { req: get('/api/compliance/reports') },
  'GET /api/compliance/reports/:id/download': {
    req: withIds((ids) => ({
      url: `/api/compliance/reports/${ids.reportId}/download?format=json`,
    })),
  },
  'POST /api/compliance/export': { req: send('/api/compliance/export', {}) },
  'GET /api/compliance/requests': { req: get('/api/compliance/requests?status=open') },
  'POST /api/compliance/requests': { req: send('/api/compliance/requests', REQUEST) },
  // Each allowed call closes a request of its own (a second close is a 409).
  'POST /api/compliance/requests/:id/close': {
    req: async (f, _c, ctx) => {
      const made = await asAdmin(ctx, f, 'POST', '/api/compliance/requests', REQUEST);
      return {
        url: `/api/compliance/requests/${made.id}/close`,
        payload: { outcome: 'declined', reason: 'tm: not applicable' },
      };
    },
  },
  'GET /api/compliance/auditor-grants': { req: get('/api/compliance/auditor-grants') },
  // A's auditor caller is a member with the auditor role: the grant names them (B: 400, not theirs).
  'POST /api/compliance/auditor-grants': {
    req: (f) => ({
      url: '/api/compliance/auditor-grants',
      payload: {
        email: auditorOf(f),
        frameworkId: 'gdpr',
        periodStart: '2026-01-01T00:00:00Z',
        periodEnd: '2027-01-01T00:00:00Z',
        expiresAt: '2099-01-01T00:00:00Z',
      },
    }),
    other: 400,
    // The grant would limit A's auditor for the rest of the matrix: revoked at once.
    after: async (f, _c, ctx) => {
      const auditor = f.callers.find((c) => c.name === 'auditor')?.account.userId;
      if (auditor)
        await ctx.db.delete(evidenceAuditorGrants).where(eq(evidenceAuditorGrants.userId, auditor));
    },
  },
  'DELETE /api/compliance/auditor-grants/:id': {
    req: async (f, _c, ctx) => {
      const [row] = await ctx.db
        .insert(evidenceAuditorGrants)
        .values({
          organizationId: f.organizationId,
          userId: f.admin.userId,
          frameworkId: 'gdpr',
          periodStart: new Date('2026-01-01T00:00:00Z'),
          periodEnd: new Date('2027-01-01T00:00:00Z'),
          expiresAt: new Date('2099-01-01T00:00:00Z'),
        })
        .returning({ id: evidenceAuditorGrants.id });
      return { url: `/api/compliance/auditor-grants/${row?.id}` };
    },
  },
};

const auditorOf = (f: Fixtures) =>
  f.callers.find((c) => c.name === 'auditor')?.account.email ?? 'no-auditor@example.com';
