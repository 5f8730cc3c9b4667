import { ZStripeWebhookHeaders, ZWebhookAck } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Billing } from './billing.service.ts';

/**
 * POST /api/billing/webhook, only when Stripe is configured. Stripe signs the exact bytes it
 * sends, so this scope keeps JSON bodies raw; Stripe authenticates by signature, not session.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (
  app,
  { billing: { webhook } },
) => {
  if (!webhook) return;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/billing/webhook',
    {
      schema: { tags: ['billing'], headers: ZStripeWebhookHeaders, response: { 200: ZWebhookAck } },
    },
    async (request) => webhook.receive(request.body as Buffer, request.headers['stripe-signature']),
  );
};
