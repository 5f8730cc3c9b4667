// The compliance evidence API (spec part 2 §7): get-compliance-frameworks,
// collect-compliance-evidence, generate-compliance-report, schedule-evidence-collection,
// validate-evidence, get-compliance-dashboard, export-evidence-package, get-audit-readiness,
// plus the Evidence Items, runs, uploads, review and downloads the page needs.
import type { Readable } from 'node:stream';
import {
  EVIDENCE_TEXT,
  ZAuditorGrant,
  ZAuditorGrantCreate,
  ZAuditorGrantIdParams,
  ZAuditorGrantList,
  ZAuditReadiness,
  ZAuditReadinessQuery,
  ZCollectEvidence,
  ZComplianceDashboard,
  ZComplianceDashboardQuery,
  ZComplianceFrameworkList,
  ZComplianceFrameworksQuery,
  ZComplianceReportDownloadQuery,
  ZComplianceReportIdParams,
  ZComplianceReportList,
  ZComplianceReportSummary,
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
  ZEvidenceUploadQuery,
  ZEvidenceValidation,
  ZExportEvidencePackage,
  ZGenerateComplianceReport,
  ZScheduleEvidenceCollection,
  ZValidateEvidence,
} from '@netguard/contracts';
import { canonicalBytes, type JsonValue } from '@netguard/evidence';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { evidenceFiles } from '../../db/schema.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { uploadedFile } from '../feeds/feeds.upload.ts';
import type { createEvidenceExport } from './evidence.export.ts';
import { type GrantService, requireFramework, requireItem } from './evidence.grants.ts';
import { toItem } from './evidence.items.ts';
import type { ComplianceReports } from './evidence.reports.ts';
import type { ScheduleService } from './evidence.schedules.ts';
import type { EvidenceService } from './evidence.service.ts';
import { type createUploadService, readUploadBody, UPLOAD_BODY_LIMIT } from './evidence.uploads.ts';

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
  db: Executor;
};

const attachment = (name: string) => `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`;

export const evidenceRoutes: FastifyPluginAsyncZod<EvidenceRouteDeps> = async (app, deps) => {
  const { evidence, schedules, reports, exporter, grants } = deps;
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
      return evidence.dashboard(caller(request), ids, request.query.includeTrends);
    },
  );

  app.get(
    '/compliance/readiness',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, querystring: ZAuditReadinessQuery, response: { 200: ZAuditReadiness } },
    },
    async (request) =>
      evidence.readiness(
        caller(request),
        request.query.frameworkId,
        request.query.includeProjections,
      ),
  );

  app.get(
    '/compliance/public-key',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, response: { 200: ZEvidenceKey } },
    },
    async (request) => evidence.publicKey(caller(request)),
  );

  app.post(
    '/compliance/reports',
    {
      config: needs('evidence', 'export', denied),
      schema: {
        tags,
        body: ZGenerateComplianceReport,
        response: { 201: ZComplianceReportSummary },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.generate(caller(request), request.body)),
  );

  app.get(
    '/compliance/reports',
    {
      config: needs('evidence', 'read', denied),
      schema: { tags, response: { 200: ZComplianceReportList } },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const out = await reports.list(caller(request));
      return scope
        ? { reports: out.reports.filter((r) => scope.frameworks.has(r.frameworkId)) }
        : out;
    },
  );

  app.get(
    '/compliance/reports/:id/download',
    {
      config: needs('evidence', 'export', denied),
      schema: {
        tags,
        params: ZComplianceReportIdParams,
        querystring: ZComplianceReportDownloadQuery,
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const file = await reports.download(
        caller(request),
        request.params.id,
        request.query.format,
        scope?.frameworks,
      );
      return reply
        .header('content-type', file.type)
        .header('content-disposition', attachment(file.filename))
        .send(file.body);
    },
  );

  app.post(
    '/compliance/export',
    {
      config: needs('evidence', 'export', denied),
      schema: { tags, body: ZExportEvidencePackage },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      if (scope) requireFramework(scope, request.body.frameworkId);
      const built = await exporter.export(
        caller(request),
        request.body,
        requestMeta(request),
        scope,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(built.filename))
        .header('x-manifest-sha256', built.manifestSha256)
        .send(built.zip);
    },
  );

  app.get(
    '/compliance/auditor-grants',
    {
      config: needs('evidence', 'create', adminsOnly),
      schema: { tags, response: { 200: ZAuditorGrantList } },
    },
    async (request) => grants.list(caller(request)),
  );

  app.post(
    '/compliance/auditor-grants',
    {
      config: needs('evidence', 'create', adminsOnly),
      schema: { tags, body: ZAuditorGrantCreate, response: { 201: ZAuditorGrant } },
    },
    async (request, reply) =>
      reply.status(201).send(await grants.create(caller(request), request.body)),
  );

  app.delete(
    '/compliance/auditor-grants/:id',
    {
      config: needs('evidence', 'create', adminsOnly),
      schema: { tags, params: ZAuditorGrantIdParams },
    },
    async (request, reply) => {
      await grants.revoke(caller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  await app.register(uploadRoute, deps);
};

/** POST /compliance/evidence/upload: the file as the raw body or multipart, in its own scope. */
const uploadRoute: FastifyPluginAsyncZod<EvidenceRouteDeps> = async (
  app,
  { uploads, evidence },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.post(
    '/compliance/evidence/upload',
    {
      config: needs('evidence', 'create', adminsOnly),
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        querystring: ZEvidenceUploadQuery,
        consumes: ['application/octet-stream', 'multipart/form-data'],
        response: { 201: ZEvidenceItemView },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      try {
        const body = await readUploadBody(request.body as Readable | undefined);
        const file = uploadedFile(body, request.headers['content-type'], request.query.name);
        const id = await uploads.upload(auth, request.query, file);
        return reply.status(201).send(await evidence.get(auth, id));
      } catch (error) {
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );
};
