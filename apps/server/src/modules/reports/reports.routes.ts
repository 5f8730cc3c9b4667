import {
  ZCreateReportBody,
  ZReport,
  ZReportDownloadQuery,
  ZReportIdParams,
  ZReportList,
  ZReportListItem,
  ZReportListQuery,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { ReportService } from './reports.service.ts';

const tags = ['reports'];

export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (
  app,
  { reports },
) => {
  app.post(
    '/reports',
    {
      config: needs('report', 'create'),
      schema: { tags, body: ZCreateReportBody, response: { 202: ZReportListItem } },
    },
    async (request, reply) => {
      const report = await reports.create(caller(request), request.body, requestMeta(request));
      return reply.status(202).send(report);
    },
  );

  app.get(
    '/reports',
    {
      config: needs('report', 'read'),
      schema: { tags, querystring: ZReportListQuery, response: { 200: ZReportList } },
    },
    async (request) => reports.list(caller(request), request.query),
  );

  app.get(
    '/reports/:id',
    {
      config: needs('report', 'read'),
      schema: { tags, params: ZReportIdParams, response: { 200: ZReport } },
    },
    async (request) => reports.get(caller(request), request.params.id),
  );

  app.get(
    '/reports/:id/download',
    {
      config: needs('report', 'export'),
      schema: { tags, params: ZReportIdParams, querystring: ZReportDownloadQuery },
    },
    async (request, reply) => {
      const file = await reports.download(caller(request), request.params.id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
