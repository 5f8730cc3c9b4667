// The compliance evidence API (spec part 2 §7): get-compliance-frameworks,
// collect-compliance-evidence, schedule-evidence-collection, validate-evidence,
// get-compliance-dashboard, get-audit-readiness, plus the Evidence Items, runs, review and
// downloads the page needs. Reports, packages and grants: evidence.output.routes.ts; uploads:
// evidence.upload.routes.ts; evidence requests: evidence.request.routes.ts.
import {
  EVIDENCE_TEXT,
  ZAuditReadiness,
  ZAuditReadinessQuery,
  ZCollectEvidence,
  ZComplianceDashboard,
  ZComplianceDashboardQuery,
  ZComplianceFrameworkList,
  ZComplianceFrameworksQuery,
  ZEvidenceIdParams,
  ZEvidenceItemView,
  ZEvidenceKey,
  ZEvidenceList,
  ZEvidenceListQuery,
  ZEvidenceRun,
  ZEvidenceRunIdParams,
  ZEvidenceRunList,
  ZEvidenceSchedule,
  ZEvidenceScheduleList,
  ZEvidenceValidation,
  ZScheduleEvidenceCollection,
  ZValidateEvidence,
} from '@netguard/contracts';
import { canonicalBytes, type JsonValue } from '@netguard/evidence';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { evidenceFiles } from '../../db/schema.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { type AuditorView, recordAuditorView } from './evidence.auditor-views.ts';
import type { createEvidenceExport } from './evidence.export.ts';
import {
  type AuditorScope,
  type GrantService,
  requireFramework,
  requireItem,
} from './evidence.grants.ts';
import { toItem } from './evidence.items.ts';
import { evidenceOutputRoutes } from './evidence.output.routes.ts';
import type { OverviewService } from './evidence.overview.ts';
import type { ComplianceReports } from './evidence.reports.ts';
import { evidenceRequestRoutes } from './evidence.request.routes.ts';
import type { RequestService } from './evidence.requests.ts';
import type { ScheduleService } from './evidence.schedules.ts';
import type { EvidenceService } from './evidence.service.ts';
import { evidenceUploadRoute } from './evidence.upload.routes.ts';
import type { createUploadService } from './evidence.uploads.ts';

const tags = ['compliance'];
const denied = EVIDENCE_TEXT.denied;
const adminsOnly = EVIDENCE_TEXT.adminsOnly;

export type EvidenceRouteDeps = {
  evidence: EvidenceService;
  schedules: ScheduleService;
  reports: ComplianceReports;
  exporter: ReturnType<typeof createEvidenceExport>;
  uploads: ReturnType<typeof createUploadService>;
  grants: GrantService;
  overview: OverviewService;
  requests: RequestService;
  db: Executor;
};

export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`;

export const evidenceRoutes: FastifyPluginAsyncZod<EvidenceRouteDeps> = async (app, deps) => {
  const { evidence, schedules, grants, overview } = deps;
  const scopeOf = (request: FastifyRequest) => grants.scopeOf(caller(request));
  const viewed = (request: FastifyRequest, scope: AuditorScope, what: AuditorView) =>
    recordAuditorView(deps.db, request, scope, what);
  /** The item, if the caller's auditor grant (if any) covers it; a read (`view`) is audited. */
  const visibleItem = async (request: FastifyRequest, id: string, view?: AuditorView['view']) => {
    const row = await evidence.findItem(caller(request), id);
    const scope = await scopeOf(request);
    requireItem(scope, row);
    if (view) {
      const granted = scope?.periods.find((p) =>
        row.requirementIds.some((r) => r.startsWith(`${p.frameworkId}:`)),
      );
      const frameworkId = granted?.frameworkId ?? row.requirementIds[0]?.split(':')[0];
      await viewed(request, scope, { view, target: row.id, frameworkId });
    }
    return row;
  };

  app.get(
    '/compliance/frameworks',
    {
      config: needs('evidence', 'read', denied),
      schema: {
        tags,
        querystring: ZComplianceFrameworksQuery,
        response: { 200: ZComplianceFrameworkList },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const out = await evidence.frameworks(caller(request), request.query.includeRequirements);
      const frameworks = scope
        ? out.frameworks.filter((f) => scope.frameworks.has(f.id))
        : out.frameworks;
      await viewed(request, scope, { view: 'frameworks', count: frameworks.length });
      return { ...out, frameworks };
    },
  );

  app.post(
    '/compliance/collect',
    {
      config: needs('evidence', 'execute', denied),
      schema: { tags, body: ZCollectEvidence, response: { 202: ZEvidenceRun } },
    },
    async (request, reply) =>
      reply.status(202).send(await evidence.collect(caller(request), request.body)),
  );

  app.get(
    '/compliance/runs',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, response: { 200: ZEvidenceRunList } },
    },
    async (request) => {
      const out = await evidence.runs(caller(request));
      await viewed(request, await scopeOf(request), { view: 'runs', count: out.runs.length });
      return out;
    },
  );

  app.get(
    '/compliance/runs/:id',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, params: ZEvidenceRunIdParams, response: { 200: ZEvidenceRun } },
    },
    async (request) => {
      const run = await evidence.run(caller(request), request.params.id);
      await viewed(request, await scopeOf(request), {
        view: 'run',
        target: run.id,
        frameworkId: run.frameworkId,
      });
      return run;
    },
  );

  app.get(
    '/compliance/evidence',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, querystring: ZEvidenceListQuery, response: { 200: ZEvidenceList } },
    },
    async (request) => {
      const scope = await scopeOf(request);
      if (scope) requireFramework(scope, request.query.frameworkId);
      const periods = scope?.periods.filter((p) => p.frameworkId === request.query.frameworkId);
      const out = await evidence.list(caller(request), { ...request.query, periods });
      await viewed(request, scope, {
        view: 'evidence_list',
        frameworkId: request.query.frameworkId,
        count: out.items.length,
      });
      return out;
    },
  );

  app.get(
    '/compliance/evidence/:id',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, params: ZEvidenceIdParams, response: { 200: ZEvidenceItemView } },
    },
    async (request) => {
      await visibleItem(request, request.params.id, 'evidence_item');
      return evidence.get(caller(request), request.params.id);
    },
  );

  app.get(
    '/compliance/evidence/:id/download',
    {
      config: needs('evidence', 'export', denied),
      schema: { tags, params: ZEvidenceIdParams },
    },
    async (request, reply) => {
      const row = await visibleItem(request, request.params.id, 'evidence_download');
      const [file] = await deps.db
        .select()
        .from(evidenceFiles)
        .where(eq(evidenceFiles.evidenceId, row.id));
      if (file)
        return reply
          .header('content-type', file.mediaType)
          .header('content-disposition', attachment(file.name))
          .header('x-content-sha256', file.sha256)
          .send(file.data);
      return reply
        .header('content-type', 'application/json')
        .header('content-disposition', attachment(`evidence-${row.id}.json`))
        .send(canonicalBytes(toItem(row) as unknown as JsonValue));
    },
  );

  app.post(
    '/compliance/evidence/:id/review',
    {
      config: needs('evidence', 'update', denied),
      schema: { tags, params: ZEvidenceIdParams, response: { 200: ZEvidenceItemView } },
    },
    async (request) => {
      await visibleItem(request, request.params.id);
      return evidence.review(caller(request), request.params.id);
    },
  );

  app.post(
    '/compliance/validate',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, body: ZValidateEvidence, response: { 200: ZEvidenceValidation } },
    },
    async (request) => {
      await visibleItem(request, request.body.evidenceId, 'evidence_validation');
      return evidence.validate(caller(request), request.body);
    },
  );

  app.get(
    '/compliance/schedules',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, response: { 200: ZEvidenceScheduleList } },
    },
    async (request) => {
      const out = await schedules.list(caller(request));
      await viewed(request, await scopeOf(request), { view: 'schedules' });
      return out;
    },
  );

  app.put(
    '/compliance/schedules',
    {
      config: needs('evidence', 'create', adminsOnly),
      schema: { tags, body: ZScheduleEvidenceCollection, response: { 200: ZEvidenceSchedule } },
    },
    async (request) => schedules.set(caller(request), request.body),
  );

  app.get(
    '/compliance/dashboard',
    {
      config: needs('evidence', 'read', denied),
      schema: {
        tags,
        querystring: ZComplianceDashboardQuery,
        response: { 200: ZComplianceDashboard },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const ids = request.query.frameworkIds.filter((f) => !scope || scope.frameworks.has(f));
      if (ids.length === 0) requireFramework(scope, request.query.frameworkIds[0]);
      const out = await overview.dashboard(caller(request), ids, request.query.includeTrends);
      await viewed(request, scope, { view: 'dashboard', count: ids.length });
      return out;
    },
  );

  app.get(
    '/compliance/readiness',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, querystring: ZAuditReadinessQuery, response: { 200: ZAuditReadiness } },
    },
    async (request) => {
      const scope = await scopeOf(request);
      requireFramework(scope, request.query.frameworkId);
      const out = await overview.readiness(
        caller(request),
        request.query.frameworkId,
        request.query.includeProjections,
      );
      await viewed(request, scope, { view: 'readiness', frameworkId: request.query.frameworkId });
      return out;
    },
  );

  app.get(
    '/compliance/public-key',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, response: { 200: ZEvidenceKey } },
    },
    async (request) => {
      const key = await evidence.publicKey(caller(request));
      await viewed(request, await scopeOf(request), { view: 'public_key' });
      return key;
    },
  );

  await app.register(evidenceOutputRoutes, deps);
  await app.register(evidenceUploadRoute, deps);
  await app.register(evidenceRequestRoutes, deps);
};
