// The compliance evidence API (spec part 2 §7): get-compliance-frameworks,
// collect-compliance-evidence, schedule-evidence-collection, validate-evidence,
// get-compliance-dashboard, get-audit-readiness, plus the Evidence Items, runs, review and
// downloads the page needs. Reports, packages and grants: evidence.output.routes.ts; uploads:
// evidence.upload.routes.ts.
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
import type { createEvidenceExport } from './evidence.export.ts';
import { type GrantService, requireFramework, requireItem } from './evidence.grants.ts';
import { toItem } from './evidence.items.ts';
import { evidenceOutputRoutes } from './evidence.output.routes.ts';
import type { OverviewService } from './evidence.overview.ts';
import type { ComplianceReports } from './evidence.reports.ts';
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
  db: Executor;
};

export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`;

export const evidenceRoutes: FastifyPluginAsyncZod<EvidenceRouteDeps> = async (app, deps) => {
  const { evidence, schedules, grants, overview } = deps;
  const scopeOf = (request: FastifyRequest) => grants.scopeOf(caller(request));
  /** The item, if the caller's auditor grant (if any) covers it. */
  const visibleItem = async (request: FastifyRequest, id: string) => {
    const row = await evidence.findItem(caller(request), id);
    requireItem(await scopeOf(request), row);
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
      return scope
        ? { ...out, frameworks: out.frameworks.filter((f) => scope.frameworks.has(f.id)) }
        : out;
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
    async (request) => evidence.runs(caller(request)),
  );

  app.get(
    '/compliance/runs/:id',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, params: ZEvidenceRunIdParams, response: { 200: ZEvidenceRun } },
    },
    async (request) => evidence.run(caller(request), request.params.id),
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
      return evidence.list(caller(request), { ...request.query, periods });
    },
  );

  app.get(
    '/compliance/evidence/:id',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, params: ZEvidenceIdParams, response: { 200: ZEvidenceItemView } },
    },
    async (request) => {
      await visibleItem(request, request.params.id);
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
      const row = await visibleItem(request, request.params.id);
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
      await visibleItem(request, request.body.evidenceId);
      return evidence.validate(caller(request), request.body);
    },
  );

  app.get(
    '/compliance/schedules',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, response: { 200: ZEvidenceScheduleList } },
    },
    async (request) => schedules.list(caller(request)),
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
      return overview.dashboard(caller(request), ids, request.query.includeTrends);
    },
  );

  app.get(
    '/compliance/readiness',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, querystring: ZAuditReadinessQuery, response: { 200: ZAuditReadiness } },
    },
    async (request) => {
      requireFramework(await scopeOf(request), request.query.frameworkId);
      return overview.readiness(
        caller(request),
        request.query.frameworkId,
        request.query.includeProjections,
      );
    },
  );

  app.get(
    '/compliance/public-key',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, response: { 200: ZEvidenceKey } },
    },
    async (request) => evidence.publicKey(caller(request)),
  );

  await app.register(evidenceOutputRoutes, deps);
  await app.register(evidenceUploadRoute, deps);
};
