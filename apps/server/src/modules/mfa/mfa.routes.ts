import { ZMfaActionBody, ZMfaActionResult, ZMfaSettings } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { SELF } from '../../plugins/permission-guard.ts';
import type { MfaService } from './mfa.service.ts';

const tags = ['mfa'];

/** GET /api/mfa (read MFA settings) and POST /api/mfa (manage-mfa: enable, verify, cancel, disable). */
export const mfaRoutes: FastifyPluginAsyncZod<{ mfa: MfaService }> = async (app, { mfa }) => {
  app.get(
    '/mfa',
    { config: SELF, schema: { tags, response: { 200: ZMfaSettings } } },
    async (request) => mfa.get(caller(request)),
  );

  app.post(
    '/mfa',
    { config: SELF, schema: { tags, body: ZMfaActionBody, response: { 200: ZMfaActionResult } } },
    async (request) => mfa.act(caller(request), request.body, requestMeta(request)),
  );
};
