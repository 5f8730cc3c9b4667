import { ROLE_LABELS, SECURITY_CENTER_TEXT as T } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { userMfaSettings } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { findPolicyRow } from './policies.ts';

/**
 * What a member who must turn MFA on can still reach: MFA setup and the pages around it
 * (profile, subscription and billing, since MFA needs a plan), their account (password, sign-out
 * everywhere) and their organizations.
 */
const MFA_SETUP_ROUTES = [
  '/api/mfa',
  '/api/profile',
  '/api/subscription',
  '/api/billing',
  '/api/account',
  '/api/organizations',
  '/api/invitations',
];

const allowedWithoutMfa = (method: string, url: string) =>
  MFA_SETUP_ROUTES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)) ||
  (method === 'GET' && url.startsWith('/api/settings'));

async function hasMfa(db: Executor, userId: string) {
  const [row] = await db
    .select({ on: userMfaSettings.mfaEnabled })
    .from(userMfaSettings)
    .where(eq(userMfaSettings.userId, userId));
  return row?.on === true;
}

/**
 * Enforces the organization's policies on every authenticated request (after the auth guard):
 * API keys answer 403 when the data access policy disallows them, and a member of a role that
 * must have MFA gets 403 outside MFA setup until MFA is on.
 */
export function addSecurityPolicyGuard(app: FastifyInstance, db: Executor): void {
  app.addHook('onRequest', async (request) => {
    const auth = request.auth;
    if (!auth) return;
    const policy = await findPolicyRow(db, auth.organizationId);
    if (!policy) return;
    if (auth.apiKeyId && !policy.apiKeysAllowed)
      throw new AppError('forbidden', 403, T.apiKeysDisabled);
    if (!policy.mfaRequiredRoles.includes(auth.role)) return;
    const url = request.routeOptions.url ?? request.url;
    if (allowedWithoutMfa(request.method, url)) return;
    if (!(await hasMfa(db, auth.userId)))
      throw new AppError('forbidden', 403, T.mfaRequired(ROLE_LABELS[auth.role]));
  });
}
