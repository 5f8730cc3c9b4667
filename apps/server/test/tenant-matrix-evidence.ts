// Samples of the compliance evidence operations for the tenant matrix: A's evidence (an upload),
// a collection run and a report are made once per fixture set, as A's admin.
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
};
