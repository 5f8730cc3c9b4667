import {
  ZApiKeyIdParams,
  ZApiKeyList,
  ZCreateApiKeyBody,
  ZCreatedApiKey,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { SELF } from '../../plugins/permission-guard.ts';
import type { ApiKeyService } from './api-keys.service.ts';

const tags = ['api-keys'];

export const apiKeyRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeyService }> = async (
  app,
  { apiKeys },
) => {
  app.get(
    '/api-keys',
    { config: SELF, schema: { tags, response: { 200: ZApiKeyList } } },
    async (request) => ({
      items: await apiKeys.list(caller(request)),
    }),
  );

  app.post(
    '/api-keys',
    { config: SELF, schema: { tags, body: ZCreateApiKeyBody, response: { 201: ZCreatedApiKey } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await apiKeys.create(caller(request), request.body.name, requestMeta(request))),
  );

  app.delete(
    '/api-keys/:id',
    { config: SELF, schema: { tags, params: ZApiKeyIdParams } },
    async (request, reply) => {
      await apiKeys.revoke(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );
};
