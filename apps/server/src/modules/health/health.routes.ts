import { ZHealth } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { RETRY_AFTER_SECONDS } from '../../db/outage.ts';

/** GET /api/health: liveness plus a `select 1` against the database. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Executor }> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], security: [], response: { 200: ZHealth, 503: ZHealth } } },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: 'error', database: 'down' });
      }
    },
  );
};
