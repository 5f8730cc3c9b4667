import { ZProfile, ZUpdateProfileBody } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { SELF } from '../../plugins/permission-guard.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (
  app,
  { profile },
) => {
  app.get(
    '/profile',
    { config: SELF, schema: { tags, response: { 200: ZProfile } } },
    async (request) => profile.get(caller(request)),
  );

  app.patch(
    '/profile',
    { config: SELF, schema: { tags, body: ZUpdateProfileBody, response: { 200: ZProfile } } },
    async (request) => profile.update(caller(request), request.body, requestMeta(request)),
  );
};
