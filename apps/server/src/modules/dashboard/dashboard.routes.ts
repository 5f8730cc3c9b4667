import { ZDashboardHome } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      config: needs('dashboard', 'read'),
      schema: { tags: ['dashboard'], response: { 200: ZDashboardHome } },
    },
    async (request) => dashboard.home(caller(request)),
  );
};
