import rateLimit from '@fastify/rate-limit';
import {
  SSO_LIMITS,
  SSO_TEXT,
  ZSsoConfigBody,
  ZSsoConfigResult,
  ZSsoDomainParams,
  ZSsoDomainVerifyResult,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectionTestRateLimit, organizationRateLimit } from '../../lib/connection-tests.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { SsoService } from './sso.service.ts';

const tags = ['sso'];
const admin = needs('organization', 'update');

/** The current organization's SSO configuration: admins only (organization update). */
export const ssoConfigRoutes: FastifyPluginAsyncZod<{ sso: SsoService }> = async (app, { sso }) => {
  // Budgets per organization of the routes that reach out: the issuer check and the domain check.
  await app.register(rateLimit, { global: false });

  app.get(
    '/organization/sso',
    { config: admin, schema: { tags, response: { 200: ZSsoConfigResult } } },
    async (request) => sso.config.get(caller(request)),
  );

  app.put(
    '/organization/sso',
    {
      // A save asks the OIDC issuer for its discovery document: a probe of a tenant-chosen
      // address, in the budget of every connection test.
      config: { ...admin, rateLimit: connectionTestRateLimit() },
      schema: { tags, body: ZSsoConfigBody, response: { 200: ZSsoConfigResult } },
    },
    async (request) => sso.config.save(caller(request), request.body, requestMeta(request)),
  );

  app.delete('/organization/sso', { config: admin, schema: { tags } }, async (request, reply) => {
    await sso.config.remove(caller(request), requestMeta(request));
    // Returned, not sent: the reply goes out after the request's transaction commits.
    reply.status(204);
    return null;
  });

  app.post(
    '/organization/sso/domains/:domain/verify',
    {
      config: {
        ...admin,
        rateLimit: organizationRateLimit(
          SSO_LIMITS.domainChecksPerMinute,
          SSO_TEXT.domainChecksRateLimited(SSO_LIMITS.domainChecksPerMinute),
        ),
      },
      schema: { tags, params: ZSsoDomainParams, response: { 200: ZSsoDomainVerifyResult } },
    },
    async (request) =>
      sso.domains.verify(caller(request), request.params.domain, requestMeta(request)),
  );
};
