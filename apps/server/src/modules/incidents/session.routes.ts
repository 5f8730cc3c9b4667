import { ZSessionValidation } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { readBearer } from '../auth/auth.cookies.ts';
import type { SessionMonitor } from './session-monitor.ts';

/**
 * GET /api/auth/session-check: the web's minute-by-minute session check. Outside the auth guard on
 * purpose: an ended session is an answer (with the reason), not a 401.
 */
export const sessionCheckRoutes: FastifyPluginAsyncZod<{ monitor: SessionMonitor }> = async (
  app,
  { monitor },
) => {
  app.get(
    '/session-check',
    { schema: { tags: ['security'], response: { 200: ZSessionValidation } } },
    async (request) => monitor.validate(readBearer(request), requestMeta(request)),
  );
};
