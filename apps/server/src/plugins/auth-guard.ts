import { API_KEY_PREFIX, AUTH_MESSAGES } from '@netguard/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { ApiKeyService } from '../modules/api-keys/api-keys.service.ts';
import { readBearer } from '../modules/auth/auth.cookies.ts';
import type { AuthContext, SessionService } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on every protected route. */
    auth: AuthContext | null;
  }
}

const unauthorized = () => new AppError('unauthorized', 401, AUTH_MESSAGES.unauthorized);

/**
 * Requires `Authorization: Bearer <access token>` (or an API key of a paying plan) on every route
 * of this scope.
 */
export function addAuthGuard(
  app: FastifyInstance,
  sessions: SessionService,
  apiKeys: Pick<ApiKeyService, 'authenticate'>,
): void {
  app.addHook('onRequest', async (request) => {
    const bearer = readBearer(request);
    const auth = bearer?.startsWith(API_KEY_PREFIX)
      ? await apiKeys.authenticate(bearer)
      : await sessions.authenticate(bearer);
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
}

/** The authenticated caller of a protected route. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
