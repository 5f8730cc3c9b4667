// Compliance Reports, Export Evidence Package and the time-boxed auditor grants: what leaves the
// server for an auditor (generate-compliance-report, export-evidence-package).
import {
  EVIDENCE_TEXT,
  ZAuditorGrant,
  ZAuditorGrantCreate,
  ZAuditorGrantIdParams,
  ZAuditorGrantList,
  ZComplianceReportDownloadQuery,
  ZComplianceReportIdParams,
  ZComplianceReportList,
  ZComplianceReportSummary,
  ZExportEvidencePackage,
  ZGenerateComplianceReport,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { recordAuditorView } from './evidence.auditor-views.ts';
import { requireFramework } from './evidence.grants.ts';
import { attachment, type EvidenceRouteDeps } from './evidence.routes.ts';
import type { PackageStamp } from './evidence.timestamp.ts';

const tags = ['compliance'];

/** The stamp's time, or why it is missing, as one header line. */
const stampDetail = (stamp: PackageStamp) =>
  (stamp.status === 'stamped'
    ? stamp.genTime
    : stamp.status === 'missing'
      ? stamp.reason
      : 'no time-stamping authority is configured (EVIDENCE_TSA_URL)'
  ).replace(/[^\x20-\x7e]/g, ' ');
const denied = EVIDENCE_TEXT.denied;
const adminsOnly = EVIDENCE_TEXT.adminsOnly;

export const evidenceOutputRoutes: FastifyPluginAsyncZod<EvidenceRouteDeps> = async (
  app,
  { reports, exporter, grants, db },
) => {
  const scopeOf = (request: Parameters<typeof caller>[0]) => grants.scopeOf(caller(request));

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
    async (request, reply) => {
      const scope = await scopeOf(request);
      requireFramework(scope, request.body.frameworkId);
      const report = await reports.generate(caller(request), request.body);
      await recordAuditorView(db, request, scope, {
        view: 'report_generated',
        frameworkId: report.frameworkId,
        target: report.id,
      });
      return reply.status(201).send(report);
    },
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
      const list = scope
        ? out.reports.filter((r) => scope.frameworks.has(r.frameworkId))
        : out.reports;
      await recordAuditorView(db, request, scope, { view: 'reports', count: list.length });
      return { reports: list };
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
      await recordAuditorView(db, request, scope, {
        view: 'report_download',
        frameworkId: file.frameworkId,
        target: request.params.id,
      });
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
        .header('x-evidence-timestamp', built.stamp.status)
        .header('x-evidence-timestamp-detail', stampDetail(built.stamp))
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
};
