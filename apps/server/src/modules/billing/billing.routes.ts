import {
  ZBillingPlans,
  ZBillingUrl,
  ZBillingUsage,
  ZCheckoutSession,
  ZCheckoutSessionParams,
  ZCreateCheckoutBody,
  ZSubscriptionStatus,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs, SELF } from '../../plugins/permission-guard.ts';
import type { Billing } from './billing.service.ts';

const tags = ['billing'];

/** Signed-in billing routes; the local checkout and portal routes exist only without Stripe. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (
  app,
  { billing },
) => {
  const { service, local } = billing;

  app.get(
    '/billing/plans',
    { config: SELF, schema: { tags, response: { 200: ZBillingPlans } } },
    async () => service.plans(),
  );

  app.get(
    '/billing/usage',
    { config: SELF, schema: { tags, response: { 200: ZBillingUsage } } },
    async (request) => service.usage(caller(request)),
  );

  app.post(
    '/billing/create-checkout',
    {
      config: needs('billing', 'update'),
      schema: { tags, body: ZCreateCheckoutBody, response: { 200: ZBillingUrl } },
    },
    async (request) => service.createCheckout(caller(request), request.body),
  );

  app.post(
    '/billing/customer-portal',
    { config: needs('billing', 'update'), schema: { tags, response: { 200: ZBillingUrl } } },
    async (request) => service.createPortal(caller(request)),
  );

  if (!local) return;

  app.get(
    '/billing/checkout-sessions/:id',
    {
      config: needs('billing', 'read'),
      schema: { tags, params: ZCheckoutSessionParams, response: { 200: ZCheckoutSession } },
    },
    async (request) => local.get(caller(request), request.params.id),
  );

  app.post(
    '/billing/checkout-sessions/:id/complete',
    {
      config: needs('billing', 'update'),
      schema: { tags, params: ZCheckoutSessionParams, response: { 200: ZCheckoutSession } },
    },
    async (request) => local.complete(caller(request), request.params.id, requestMeta(request)),
  );

  app.post(
    '/billing/cancel',
    {
      config: needs('billing', 'update'),
      schema: { tags, response: { 200: ZSubscriptionStatus } },
    },
    async (request) => local.cancel(caller(request), requestMeta(request)),
  );
};
