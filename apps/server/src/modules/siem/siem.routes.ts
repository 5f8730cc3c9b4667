import rateLimit from '@fastify/rate-limit';
import {
  SIEM_TEXT,
  ZSiemDeliveryList,
  ZSiemDeliveryQuery,
  ZSiemExportQuery,
  ZSiemIdParams,
  ZSiemIntegration,
  ZSiemIntegrationCreate,
  ZSiemIntegrationList,
  ZSiemIntegrationUpdate,
  ZSiemQueryList,
  ZSiemQueryParams,
  ZSiemRealtimeBody,
  ZSiemRealtimeResult,
  ZSiemReplayBody,
  ZSiemReplayResult,
  ZSiemTestResult,
} from '@netguard/contracts';
import { generateSiemQueries } from '@netguard/siem';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { connectionTestRateLimit, recordConnectionTest } from '../../lib/connection-tests.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { textDownload } from '../../lib/text-download.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { endpointShown } from './siem.config.ts';
import { SIEM_EXPORT_CONTENT_TYPES, siemLogChunks } from './siem.export.ts';
import type { SiemService } from './siem.service.ts';
import type { ConnectionTestRun } from './siem.test-connection.ts';

const tags = ['siem'];
const adminsOnly = 'Only administrators can create or change SIEM integrations';

export const siemRoutes: FastifyPluginAsyncZod<{ siem: SiemService; db: Executor }> = async (
  app,
  { siem, db },
) => {
  // Test Connection's budget per organization (connectionTestRateLimit); no other route's.
  await app.register(rateLimit, { global: false });

  app.get(
    '/siem/integrations',
    {
      config: needs('siem', 'read', SIEM_TEXT.denied),
      schema: { tags, response: { 200: ZSiemIntegrationList } },
    },
    async (request) => siem.list(caller(request)),
  );

  app.post(
    '/siem/integrations',
    {
      config: needs('siem', 'create', adminsOnly),
      schema: { tags, body: ZSiemIntegrationCreate, response: { 201: ZSiemIntegration } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await siem.create(caller(request), request.body, requestMeta(request))),
  );

  app.patch(
    '/siem/integrations/:id',
    {
      config: needs('siem', 'update', adminsOnly),
      schema: {
        tags,
        params: ZSiemIdParams,
        body: ZSiemIntegrationUpdate,
        response: { 200: ZSiemIntegration },
      },
    },
    async (request) =>
      siem.update(caller(request), request.params.id, request.body, requestMeta(request)),
  );

  app.delete(
    '/siem/integrations/:id',
    {
      config: needs('siem', 'delete', adminsOnly),
      schema: { tags, params: ZSiemIdParams },
    },
    async (request, reply) => {
      await siem.remove(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  const tested = new WeakMap<FastifyRequest, ConnectionTestRun>();
  app.post(
    '/siem/integrations/:id/test',
    {
      config: { ...needs('siem', 'execute'), rateLimit: connectionTestRateLimit() },
      schema: { tags, params: ZSiemIdParams, response: { 200: ZSiemTestResult } },
      // The destination's answer is awaited before the handler's database transaction begins.
      preHandler: async (request) => {
        const { id } = request.params as { id: string };
        tested.set(request, await siem.test(caller(request), id));
      },
    },
    async (request) => {
      const run = tested.get(request);
      if (!run) throw new Error('the connection was not tested');
      const auth = caller(request);
      const row = await siem.recordTest(auth, request.params.id, run.result);
      await recordConnectionTest(db, auth, requestMeta(request), {
        feature: `SIEM integration "${row.name}"`,
        destination: endpointShown(row),
        failure: run.failure,
      });
      return run.result;
    },
  );

  app.post(
    '/siem/integrations/:id/realtime',
    {
      config: needs('siem', 'update', adminsOnly),
      schema: {
        tags,
        params: ZSiemIdParams,
        body: ZSiemRealtimeBody,
        response: { 200: ZSiemRealtimeResult },
      },
    },
    async (request) =>
      siem.setRealtime(caller(request), request.params.id, request.body, requestMeta(request)),
  );

  app.get(
    '/siem/integrations/:id/deliveries',
    {
      config: needs('siem', 'read', SIEM_TEXT.denied),
      schema: {
        tags,
        params: ZSiemIdParams,
        querystring: ZSiemDeliveryQuery,
        response: { 200: ZSiemDeliveryList },
      },
    },
    async (request) => siem.deliveries(caller(request), request.params.id, request.query),
  );

  app.post(
    '/siem/integrations/:id/replay',
    {
      config: needs('siem', 'execute'),
      schema: {
        tags,
        params: ZSiemIdParams,
        body: ZSiemReplayBody,
        response: { 200: ZSiemReplayResult },
      },
    },
    async (request) =>
      siem.replay(caller(request), request.params.id, request.body.eventIds, requestMeta(request)),
  );

  app.get(
    '/siem/integrations/:id/export',
    {
      config: needs('siem', 'export'),
      schema: { tags, params: ZSiemIdParams, querystring: ZSiemExportQuery },
    },
    async (request, reply) => {
      const auth = caller(request);
      const row = await siem.found(auth, request.params.id);
      const { format } = request.query;
      const body = await textDownload(
        siemLogChunks(
          db,
          { organizationId: auth.organizationId, integrationId: row.id },
          request.query,
        ),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', SIEM_EXPORT_CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="siem-${row.name.replace(/[^\w.-]+/g, '_')}-${day}.${format}"`,
        )
        .send(body);
    },
  );

  app.get(
    '/siem/queries',
    {
      config: needs('siem', 'read', SIEM_TEXT.denied),
      schema: { tags, querystring: ZSiemQueryParams, response: { 200: ZSiemQueryList } },
    },
    async (request) => ({
      queries: generateSiemQueries(request.query.siemType, request.query.useCase),
    }),
  );
};
