import {
  AUTH_MESSAGES,
  SECURITY_CENTER_TEXT,
  type TApiError,
  ZAssessment,
  ZSecurityEvent,
  ZSecurityEventList,
  ZSecurityEventParams,
  ZSecurityEventsQuery,
  ZSecurityMetrics,
  ZSecurityPolicies,
  ZSecurityPolicyBody,
  ZSecurityReportQuery,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { SecurityCenterService } from './security-center.service.ts';

const tags = ['security-center'];

/** The Enterprise Security Center: metrics, events, assessment, report and policies. */
export const securityCenterRoutes: FastifyPluginAsyncZod<{
  security: SecurityCenterService;
}> = async (app, { security }) => {
  // The spec's wording for a security center call without a signed-in user. The auth guard of
  // the enclosing scope refuses it before a handler of this scope runs; its answer is reworded on
  // the way out.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 401 || typeof payload !== 'string') return payload;
    const body = JSON.parse(payload) as TApiError;
    if (body.error?.message !== AUTH_MESSAGES.unauthorized) return payload;
    return JSON.stringify({
      ...body,
      error: { ...body.error, message: SECURITY_CENTER_TEXT.notAuthenticated },
    });
  });

  app.get(
    '/security/metrics',
    { config: needs('audit', 'read'), schema: { tags, response: { 200: ZSecurityMetrics } } },
    async (request) => security.metrics(caller(request)),
  );

  app.get(
    '/security/events',
    {
      config: needs('audit', 'read'),
      schema: { tags, querystring: ZSecurityEventsQuery, response: { 200: ZSecurityEventList } },
    },
    async (request) => security.events(caller(request), request.query),
  );

  app.get(
    '/security/events/:id',
    {
      config: needs('audit', 'read'),
      schema: { tags, params: ZSecurityEventParams, response: { 200: ZSecurityEvent } },
    },
    async (request) => security.event(caller(request), request.params.id),
  );

  app.post(
    '/security/scan',
    {
      config: needs('security_scan', 'execute', SECURITY_CENTER_TEXT.scanDenied),
      schema: { tags, response: { 200: ZAssessment } },
    },
    async (request) => security.runScan(caller(request)),
  );

  app.get(
    '/security/report',
    { config: needs('audit', 'export'), schema: { tags, querystring: ZSecurityReportQuery } },
    async (request, reply) => {
      const file = await security.report(caller(request), request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.get(
    '/security/policies',
    { config: needs('audit', 'read'), schema: { tags, response: { 200: ZSecurityPolicies } } },
    async (request) => security.policies(caller(request)),
  );

  app.put(
    '/security/policies',
    {
      config: needs('organization', 'update'),
      schema: { tags, body: ZSecurityPolicyBody, response: { 200: ZSecurityPolicies } },
    },
    async (request) => security.updatePolicies(caller(request), request.body, requestMeta(request)),
  );
};
