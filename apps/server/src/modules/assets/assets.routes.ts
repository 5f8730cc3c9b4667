import {
  ZAssetContext,
  ZAssetContextBody,
  ZAssetContextIdParams,
  ZAssetContextList,
  ZAssetContextQuery,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { AssetService } from './assets.service.ts';

const tags = ['assets'];

export const assetRoutes: FastifyPluginAsyncZod<{ assets: AssetService }> = async (
  app,
  { assets },
) => {
  app.get(
    '/assets',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, querystring: ZAssetContextQuery, response: { 200: ZAssetContextList } },
    },
    async (request) => ({ items: await assets.list(caller(request), request.query) }),
  );

  app.put(
    '/assets',
    {
      config: needs('asset_context', 'update'),
      schema: { tags, body: ZAssetContextBody, response: { 200: ZAssetContext } },
    },
    async (request) => assets.save(caller(request), request.body, requestMeta(request)),
  );

  app.delete(
    '/assets/:id',
    { config: needs('asset_context', 'update'), schema: { tags, params: ZAssetContextIdParams } },
    async (request, reply) => {
      await assets.remove(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );
};
