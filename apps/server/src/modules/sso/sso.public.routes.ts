import rateLimit from '@fastify/rate-limit';
import {
  AUTH_MESSAGES,
  SSO_DONE_QUERY,
  SSO_LIMITS,
  textField,
  ZSsoOrgParams,
  ZSsoStartBody,
  ZSsoStartResult,
} from '@netguard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { setSessionCookies } from '../auth/auth.cookies.ts';
import type { IssuedSession } from '../auth/sessions.service.ts';
import type { SsoService } from './sso.service.ts';

type Options = {
  sso: SsoService;
  publicUrl: string;
  secureCookies: boolean;
  rateLimitPerMinute: number;
};

/** The cookie binding a started sign-in to the browser that started it. */
const BROWSER_COOKIE = 'netguard_sso';
const COOKIE_PATH = '/api/sso';
const doc = { tags: ['sso'], security: [] };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refused callback shown to a person: the reason and the way back (JSON for API clients). */
function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError) || !request.headers.accept?.includes('text/html')) throw error;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Single sign-on failed</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Single sign-on failed</h1><p>${escapeHtml(error.message)}</p><p><a href="/auth">Back to sign-in</a></p></body></html>`;
  return reply.status(error.status).type('text/html; charset=utf-8').send(page);
}

/**
 * /api/sso/*: public. "Sign in with SSO" by e-mail domain, the OIDC callback, the SAML ACS and
 * SP metadata. A successful callback sets the same refresh and CSRF cookies as a password
 * sign-in and redirects to /auth?sso=done, where the web app calls /api/auth/refresh: no
 * token ever travels in a URL.
 */
export const ssoPublicRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { sso, secureCookies, publicUrl } = opts;
  await app.register(rateLimit, {
    max: opts.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError('rate_limited', 429, AUTH_MESSAGES.rateLimited),
  });
  // The SAML HTTP-POST binding posts a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const signedIn = (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    setSessionCookies(request, reply, issued.refreshToken, {
      secure: secureCookies,
      newCsrf: true,
    });
    reply.clearCookie(BROWSER_COOKIE, { path: COOKIE_PATH });
    return reply.redirect(`/auth?${SSO_DONE_QUERY}`, 303);
  };

  app.post(
    '/start',
    { schema: { ...doc, body: ZSsoStartBody, response: { 200: ZSsoStartResult } } },
    async (request, reply) => {
      const started = await sso.start(request.body.email);
      // Lax: the IdP's redirect back is a top-level GET navigation from another site.
      reply.setCookie(BROWSER_COOKIE, started.browserToken, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: SSO_LIMITS.loginTtlMinutes * 60,
      });
      return { redirect_url: started.redirectUrl };
    },
  );

  app.get(
    '/oidc/callback',
    { schema: { ...doc, querystring: z.record(z.string(), textField().max(4096)) } },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const callbackUrl = new URL(`${publicUrl}/api/sso/oidc/callback${query}`);
      try {
        const issued = await sso.oidcCallback(
          callbackUrl,
          request.cookies[BROWSER_COOKIE],
          requestMeta(request),
        );
        return signedIn(request, reply, issued);
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  );

  app.post(
    '/saml/:organizationId/acs',
    {
      schema: {
        ...doc,
        params: ZSsoOrgParams,
        body: z.object({
          SAMLResponse: textField().max(500_000).optional(),
          RelayState: textField().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      try {
        const issued = await sso.samlAcs(
          request.params.organizationId,
          request.body,
          requestMeta(request),
        );
        return signedIn(request, reply, issued);
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  );

  app.get(
    '/saml/:organizationId/metadata',
    { schema: { ...doc, params: ZSsoOrgParams } },
    async (request, reply) => {
      const xml = await sso.samlMetadata(request.params.organizationId);
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="netguard-sp-metadata.xml"')
        .send(xml);
    },
  );
};
