import {
  ZCreateScanBody,
  ZScanDetail,
  ZScanDurations,
  ZScanEstimate,
  ZScanEstimateBody,
  ZScanExportQuery,
  ZScanIdParams,
  ZScanList,
  ZScanListItem,
  ZScanListQuery,
  ZScanResultExportQuery,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { scanImportRoutes } from './scans.import.routes.ts';
import type { ScanService } from './scans.service.ts';

const tags = ['scans'];
const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };

export const scanRoutes: FastifyPluginAsyncZod<{ scans: ScanService }> = async (app, { scans }) => {
  app.post(
    '/scans',
    {
      config: needs('scan', 'create'),
      schema: { tags, body: ZCreateScanBody, response: { 201: ZScanListItem } },
    },
    async (request, reply) => {
      const scan = await scans.create(caller(request), request.body, requestMeta(request));
      return reply.status(201).send(scan);
    },
  );

  app.post(
    '/scans/estimate',
    {
      config: needs('scan', 'read'),
      schema: { tags, body: ZScanEstimateBody, response: { 200: ZScanEstimate } },
    },
    async (request) => scans.estimate(caller(request), request.body),
  );

  await app.register(scanImportRoutes, { scans });

  app.get(
    '/scans',
    {
      config: needs('scan', 'read'),
      schema: { tags, querystring: ZScanListQuery, response: { 200: ZScanList } },
    },
    async (request) => scans.list(caller(request), request.query),
  );

  app.get(
    '/scans/export',
    { config: needs('scan', 'export'), schema: { tags, querystring: ZScanExportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const body = await scans.exportList(caller(request), filters, format);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="scans-${day}.${format}"`)
        .send(body);
    },
  );

  app.get(
    '/scans/durations',
    { config: needs('dashboard', 'read'), schema: { tags, response: { 200: ZScanDurations } } },
    async (request) => scans.durations(caller(request)),
  );

  app.get(
    '/scans/:id',
    {
      config: needs('scan', 'read'),
      schema: { tags, params: ZScanIdParams, response: { 200: ZScanDetail } },
    },
    async (request) => scans.get(caller(request), request.params.id),
  );

  app.get(
    '/scans/:id/results',
    {
      config: needs('scan', 'export'),
      schema: { tags, params: ZScanIdParams, querystring: ZScanResultExportQuery },
    },
    async (request, reply) => {
      const file = await scans.exportResults(
        caller(request),
        request.params.id,
        request.query.format,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.post(
    '/scans/:id/start',
    {
      config: needs('scan', 'execute'),
      schema: { tags, params: ZScanIdParams, response: { 202: ZScanListItem } },
    },
    async (request, reply) => {
      const scan = await scans.start(caller(request), request.params.id, requestMeta(request));
      return reply.status(202).send(scan);
    },
  );

  app.post(
    '/scans/:id/cancel',
    {
      config: needs('scan', 'update'),
      schema: { tags, params: ZScanIdParams, response: { 200: ZScanListItem } },
    },
    async (request) => scans.cancel(caller(request), request.params.id, requestMeta(request)),
  );
};
