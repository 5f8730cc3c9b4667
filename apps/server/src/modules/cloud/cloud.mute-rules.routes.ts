import {
  MUTE_RULE_TEXT,
  ZCloudIdParams,
  ZCloudMuteRule,
  ZCloudMuteRuleCreate,
  ZCloudMuteRuleList,
  ZCloudMuteRuleUpdate,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { MuteRules } from './cloud.mute-rules.ts';

const tags = ['cloud'];
const admins = needs('cloud', 'update', MUTE_RULE_TEXT.denied);

export const cloudMuteRuleRoutes: FastifyPluginAsyncZod<{ rules: MuteRules }> = async (
  app,
  { rules },
) => {
  app.get(
    '/cloud/mute-rules',
    { config: needs('cloud', 'read'), schema: { tags, response: { 200: ZCloudMuteRuleList } } },
    async (request) => ({ rules: await rules.list(caller(request)) }),
  );

  app.post(
    '/cloud/mute-rules',
    {
      config: admins,
      schema: { tags, body: ZCloudMuteRuleCreate, response: { 201: ZCloudMuteRule } },
    },
    async (request, reply) => {
      const rule = await rules.create(caller(request), request.body, requestMeta(request));
      return reply.status(201).send(rule);
    },
  );

  app.patch(
    '/cloud/mute-rules/:id',
    {
      config: admins,
      schema: {
        tags,
        params: ZCloudIdParams,
        body: ZCloudMuteRuleUpdate,
        response: { 200: ZCloudMuteRule },
      },
    },
    async (request) =>
      rules.update(caller(request), request.params.id, request.body, requestMeta(request)),
  );

  app.delete(
    '/cloud/mute-rules/:id',
    { config: admins, schema: { tags, params: ZCloudIdParams } },
    async (request, reply) => {
      await rules.remove(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );
};
