import { randomUUID } from 'node:crypto';

import {
  remediationExecutions,
  remediationHosts,
  remediationPolicies,
  vulnerabilities,
} from '../src/db/schema.ts';
import { createHostSecrets } from '../src/modules/remediation/remediation.hosts.ts';
import type { TestContext } from './helpers.ts';
import { type Fixtures, unique } from './tenant-matrix-fixtures.ts';
import type { Req, Sample } from './tenant-matrix-samples.ts';

const SECRET = 'test-secret-key-for-netguard-tests';
/** Nothing listens there: a Test Connection is refused at once. */
const NOWHERE = { address: '127.0.0.1', port: 9 };

const get =
  (url: (f: Fixtures) => string) =>
  (f: Fixtures): Req => ({ url: url(f) });

/** The fixture hosts' pinned and confirmed key (they are never connected to). */
const FIXTURE_KEY = `SHA256:${'A'.repeat(43)}`;

async function insertHost(ctx: TestContext, organizationId: string, address: string) {
  const id = randomUUID();
  const [row] = await ctx.db
    .insert(remediationHosts)
    .values({
      id,
      organizationId,
      name: `tm host ${address}`,
      address,
      port: NOWHERE.port,
      username: 'root',
      authType: 'password',
      sealedCredentials: createHostSecrets(SECRET).seal(organizationId, id, { password: 'tm' }),
      privilege: 'none',
      hostKeySha256: FIXTURE_KEY,
      hostKeyConfirmedAt: new Date(),
    })
    .returning();
  return row as typeof remediationHosts.$inferSelect;
}

/** An execution of A's: proposed with its dry run, or verified with a captured state. */
async function insertExecution(
  ctx: TestContext,
  f: Fixtures,
  status: 'proposed' | 'verified',
): Promise<string> {
  const r = f.remediation;
  const [row] = await ctx.db
    .insert(remediationExecutions)
    .values({
      organizationId: f.organizationId,
      vulnerabilityId: r.vulnerabilityId,
      checkId: 'ftp-anonymous',
      actionId: 'vsftpd-disable-anonymous',
      target: `${NOWHERE.address}:21`,
      lockKey: `tm-${unique()}`,
      hostId: r.hostId,
      params: { port: 21 },
      status,
      dryRun: { changes: true, diffs: [], log: [] },
      captured: status === 'verified' ? { kind: 'host', data: {} } : null,
    })
    .returning({ id: remediationExecutions.id });
  return (row as { id: string }).id;
}

/** A's remediation fixtures: a host connection, an FTP finding on it, an execution. */
export async function seedRemediation(ctx: TestContext, organizationId: string, userId: string) {
  const host = await insertHost(ctx, organizationId, NOWHERE.address);
  const [vuln] = await ctx.db
    .insert(vulnerabilities)
    .values({
      userId,
      organizationId,
      title: 'tm anonymous FTP',
      host: NOWHERE.address,
      port: 21,
      vulnerabilityType: 'misconfiguration',
      severity: 'high',
      checkId: 'ftp-anonymous',
      findingKey: `tm|ftp|${unique()}`,
    })
    .returning({ id: vulnerabilities.id });
  // Analysts of A may approve, so that every role the matrix allows gets a 2xx.
  await ctx.db.insert(remediationPolicies).values({ organizationId, analystsMayApprove: true });
  const workflow = { name: 'tm workflow', trigger: { severities: ['critical'] } };
  return { hostId: host.id, vulnerabilityId: (vuln as { id: string }).id, workflow };
}

const execution = (status: 'proposed' | 'verified', then: string) => ({
  req: async (f: Fixtures, _c: unknown, ctx: TestContext): Promise<Req> => ({
    url: `/api/remediation/executions/${await insertExecution(ctx, f, status)}/${then}`,
    payload: then === 'approve' ? {} : undefined,
  }),
});

async function workflowOf(ctx: TestContext, f: Fixtures) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/remediation/workflows',
    headers: f.admin.auth,
    payload: { template: f.remediation.workflow },
  });
  return res.json().id as string;
}

/** One sample per remediation operation; none reaches a host (the connection is refused locally). */
export const REMEDIATION_SAMPLES: Record<string, Sample> = {
  'GET /api/remediation/actions': {
    req: get((f) => `/api/remediation/actions?vulnerabilityId=${f.remediation.vulnerabilityId}`),
    other: 404,
  },
  'GET /api/remediation/overview': { req: () => ({ url: '/api/remediation/overview' }) },
  'GET /api/remediation/executions': { req: () => ({ url: '/api/remediation/executions' }) },
  'GET /api/remediation/executions/:id': {
    req: async (f, _c, ctx) => ({
      url: `/api/remediation/executions/${await insertExecution(ctx, f, 'proposed')}`,
    }),
  },
  'POST /api/remediation/executions': {
    req: (f) => ({
      url: '/api/remediation/executions',
      payload: {
        vulnerabilityId: f.remediation.vulnerabilityId,
        actionId: 'vsftpd-disable-anonymous',
        options: { dryRun: true },
      },
    }),
    other: 404,
  },
  'POST /api/remediation/executions/:id/approve': execution('proposed', 'approve'),
  'POST /api/remediation/executions/:id/cancel': execution('proposed', 'cancel'),
  'POST /api/remediation/executions/:id/rollback': execution('verified', 'rollback'),
  'POST /api/remediation/validate': {
    req: (f) => ({
      url: '/api/remediation/validate',
      payload: {
        vulnerabilityId: f.remediation.vulnerabilityId,
        actionId: 'vsftpd-disable-anonymous',
      },
    }),
    other: 404,
  },
  'GET /api/remediation/evidence/export': {
    req: () => ({ url: '/api/remediation/evidence/export?format=csv' }),
  },
  'GET /api/remediation/policy': { req: () => ({ url: '/api/remediation/policy' }) },
  'PUT /api/remediation/policy': {
    req: () => ({
      url: '/api/remediation/policy',
      payload: { analystsMayApprove: true, allowAutoApprove: false, maxHostsPerRun: 5 },
    }),
  },
  'GET /api/remediation/hosts': { req: () => ({ url: '/api/remediation/hosts' }) },
  'POST /api/remediation/hosts': {
    req: () => ({
      url: '/api/remediation/hosts',
      payload: {
        name: 'tm host',
        address: `tm-${unique()}.example.com`,
        username: 'root',
        auth: { type: 'password', password: 'tm' },
      },
    }),
  },
  'DELETE /api/remediation/hosts/:id': {
    req: async (f, _c, ctx) => ({
      url: `/api/remediation/hosts/${(await insertHost(ctx, f.organizationId, `tm-${unique()}.example.com`)).id}`,
    }),
  },
  'POST /api/remediation/hosts/:id/confirm-key': {
    req: (f) => ({
      url: `/api/remediation/hosts/${f.remediation.hostId}/confirm-key`,
      payload: { hostKeySha256: FIXTURE_KEY },
    }),
  },
  'POST /api/remediation/hosts/:id/test': {
    req: (f) => ({ url: `/api/remediation/hosts/${f.remediation.hostId}/test` }),
  },
  'GET /api/remediation/workflows': { req: () => ({ url: '/api/remediation/workflows' }) },
  'POST /api/remediation/workflows': {
    req: (f) => ({
      url: '/api/remediation/workflows',
      payload: { template: f.remediation.workflow },
    }),
  },
  'PATCH /api/remediation/workflows/:id': {
    req: async (f, _c, ctx) => ({
      url: `/api/remediation/workflows/${await workflowOf(ctx, f)}`,
      payload: { enabled: false },
    }),
  },
  'DELETE /api/remediation/workflows/:id': {
    req: async (f, _c, ctx) => ({ url: `/api/remediation/workflows/${await workflowOf(ctx, f)}` }),
  },
  'GET /api/remediation/batches': { req: () => ({ url: '/api/remediation/batches' }) },
  'POST /api/remediation/batches': {
    req: (f) => ({
      url: '/api/remediation/batches',
      payload: {
        vulnerabilities: [f.remediation.vulnerabilityId],
        scheduleTime: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
    other: 404,
  },
};
