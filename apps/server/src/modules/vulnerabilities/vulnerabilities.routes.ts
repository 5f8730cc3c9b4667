import {
  ZActionIdParams,
  ZActionStatusBody,
  ZThreatMitigationAction,
  ZVulnerabilityExportQuery,
  ZVulnerabilityHistory,
  ZVulnerabilityIdParams,
  ZVulnerabilityListQuery,
  ZVulnerabilityPage,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { textDownload } from '../../lib/text-download.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { exportChunks } from './vulnerabilities.export.ts';
import type { VulnerabilityService } from './vulnerabilities.service.ts';

const tags = ['vulnerabilities'];
const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };

export const vulnerabilityRoutes: FastifyPluginAsyncZod<{
  vulnerabilities: VulnerabilityService;
}> = async (app, { vulnerabilities }) => {
  app.get(
    '/vulnerabilities',
    {
      config: needs('vulnerability', 'read'),
      schema: { tags, querystring: ZVulnerabilityListQuery, response: { 200: ZVulnerabilityPage } },
    },
    async (request) => vulnerabilities.list(caller(request), request.query),
  );

  app.get(
    '/vulnerabilities/export',
    {
      config: needs('vulnerability', 'export'),
      schema: { tags, querystring: ZVulnerabilityExportQuery },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { format, ...filters } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      const body = await textDownload(
        exportChunks(format, vulnerabilities.exportBatches(auth, filters)),
      );
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="vulnerabilities-${day}.${format}"`)
        .send(body);
    },
  );

  app.get(
    '/vulnerabilities/:id/history',
    {
      config: needs('vulnerability', 'read'),
      schema: {
        tags,
        params: ZVulnerabilityIdParams,
        response: { 200: ZVulnerabilityHistory },
      },
    },
    async (request) => vulnerabilities.history(caller(request), request.params.id),
  );

  app.patch(
    '/mitigation-actions/:id',
    {
      config: needs('vulnerability', 'update'),
      schema: {
        tags,
        params: ZActionIdParams,
        body: ZActionStatusBody,
        response: { 200: ZThreatMitigationAction },
      },
    },
    async (request) =>
      vulnerabilities.setActionStatus(
        caller(request),
        request.params.id,
        request.body.status,
        requestMeta(request),
      ),
  );
};
