import { ZAnalyticsOverview, ZAnalyticsQuery, ZSecurityPosture } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { AnalyticsService } from './analytics.service.ts';

const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/analytics/overview',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: ZAnalyticsOverview } },
    },
    async (request) => analytics.overview(caller(request), request.query.timeframe),
  );

  app.get(
    '/analytics/security-posture',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, querystring: ZAnalyticsQuery, response: { 200: ZSecurityPosture } },
    },
    async (request) => analytics.posture(caller(request), request.query.timeframe),
  );
};
