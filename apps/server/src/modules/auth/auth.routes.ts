import rateLimit from '@fastify/rate-limit';
import {
  AUTH_MESSAGES,
  ZMessage,
  ZMfaSignInBody,
  ZPasswordResetBody,
  ZSession,
  ZSessionOrNull,
  ZSignInBody,
  ZSignInResult,
  ZSignUpBody,
  ZTokenBody,
} from '@netguard/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import type { AccountService } from './accounts.service.ts';
import {
  assertCsrf,
  clearSessionCookies,
  readBearer,
  readRefreshCookie,
  setSessionCookies,
} from './auth.cookies.ts';
import type { IssuedSession, SessionService } from './sessions.service.ts';

type Options = {
  accounts: AccountService;
  sessions: SessionService;
  secureCookies: boolean;
  rateLimitPerMinute: number;
};

/** Public routes: documented without the bearer requirement. */
const doc = { tags: ['auth'], security: [] };

/** /api/auth/*: public routes, rate limited per IP. */
export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { accounts, sessions, secureCookies } = opts;
  /** A new session: the refresh cookie, a new CSRF cookie, and the access token in the body. */
  const startSession = (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    setSessionCookies(request, reply, issued.refreshToken, {
      secure: secureCookies,
      newCsrf: true,
    });
    return issued.session;
  };
  await app.register(rateLimit, {
    max: opts.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => new AppError('rate_limited', 429, AUTH_MESSAGES.rateLimited),
  });

  app.post(
    '/sign-up',
    { schema: { ...doc, body: ZSignUpBody, response: { 201: ZMessage } } },
    async (request, reply) => {
      await accounts.signUp(request.body, requestMeta(request));
      return reply
        .status(201)
        .send({ message: 'Account created. Please check your email to verify your account.' });
    },
  );

  app.post(
    '/confirm',
    { schema: { ...doc, body: ZTokenBody, response: { 200: ZMessage } } },
    async (request) => {
      await accounts.confirmEmail(request.body.token, requestMeta(request));
      return { message: 'Email confirmed. You can now sign in.' };
    },
  );

  app.post(
    '/password-reset',
    { schema: { ...doc, body: ZPasswordResetBody, response: { 200: ZMessage } } },
    async (request) => {
      const body = request.body;
      if ('email' in body) {
        accounts.requestPasswordReset(body.email);
        return { message: AUTH_MESSAGES.resetSent };
      }
      await accounts.resetPassword(body, requestMeta(request));
      return { message: 'Your password has been changed. You can now sign in.' };
    },
  );

  app.post(
    '/sign-in',
    { schema: { ...doc, body: ZSignInBody, response: { 200: ZSignInResult } } },
    async (request, reply) => {
      const result = await sessions.signIn(request.body, requestMeta(request));
      // With MFA on, no cookie and no token yet: only the challenge of the second step.
      if ('challenge' in result) return result.challenge;
      return startSession(request, reply, result);
    },
  );

  app.post(
    '/mfa',
    { schema: { ...doc, body: ZMfaSignInBody, response: { 200: ZSession } } },
    async (request, reply) => {
      const issued = await sessions.completeSignIn(request.body, requestMeta(request));
      return startSession(request, reply, issued);
    },
  );

  app.post(
    '/refresh',
    { schema: { ...doc, response: { 200: ZSession } } },
    async (request, reply) => {
      const presented = readRefreshCookie(request, secureCookies);
      if (!presented) throw new AppError('unauthorized', 401, AUTH_MESSAGES.sessionExpired);
      assertCsrf(request, secureCookies);
      try {
        const issued = await sessions.refresh(presented, requestMeta(request));
        setSessionCookies(request, reply, issued.refreshToken, {
          secure: secureCookies,
          newCsrf: false,
        });
        return issued.session;
      } catch (error) {
        if (error instanceof AppError && error.status === 401)
          clearSessionCookies(reply, secureCookies);
        throw error;
      }
    },
  );

  app.post(
    '/sign-out',
    { schema: { ...doc, response: { 200: ZMessage } } },
    async (request, reply) => {
      const caller = await sessions.authenticate(readBearer(request));
      const refreshToken = readRefreshCookie(request, secureCookies);
      // Without a valid bearer token the cookie authenticates the call, so it needs the CSRF header.
      if (!caller && refreshToken) assertCsrf(request, secureCookies);
      await sessions.signOut(caller ? { sessionId: caller.sessionId } : { refreshToken });
      clearSessionCookies(reply, secureCookies);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/session',
    { schema: { ...doc, response: { 200: ZSessionOrNull } } },
    async (request) => {
      return { session: await sessions.current(readBearer(request)) };
    },
  );
};
