import { ZSubscriptionStatus } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth-guard.ts';
import { SELF } from '../../plugins/permission-guard.ts';
import type { SubscriptionService } from './subscription.service.ts';

type Options = { subscription: SubscriptionService };

export const subscriptionRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  app.get(
    '/subscription',
    { config: SELF, schema: { tags: ['billing'], response: { 200: ZSubscriptionStatus } } },
    async (request) => opts.subscription.status(caller(request)),
  );
};
