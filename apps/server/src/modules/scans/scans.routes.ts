import {
  ZCreateScanBody,
  ZScanIdParams,
  ZScanList,
  ZScanListItem,
  ZScanListQuery,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import type { ScanService } from './scans.service.ts';

const tags = ['scans'];

export const scanRoutes: FastifyPluginAsyncZod<{ scans: ScanService }> = async (app, { scans }) => {
  app.post(
    '/scans',
    { schema: { tags, body: ZCreateScanBody, response: { 201: ZScanListItem } } },
    async (request, reply) => {
      const scan = await scans.create(caller(request), request.body, requestMeta(request));
      return reply.status(201).send(scan);
    },
  );

  app.get(
    '/scans',
    { schema: { tags, querystring: ZScanListQuery, response: { 200: ZScanList } } },
    async (request) => scans.list(caller(request), request.query),
  );

  app.get(
    '/scans/:id',
    { schema: { tags, params: ZScanIdParams, response: { 200: ZScanListItem } } },
    async (request) => scans.get(caller(request), request.params.id),
  );
};
