import { ROLE_LABELS, SECURITY_CENTER_TEXT as T } from '@netguard/contracts';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hasMfa } from '../mfa/mfa.repo.ts';
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

/**
 * Enforces the MFA policy on every authenticated request (after the auth guard, which applies
 * the data access policy to API keys): a member of a role that must have MFA gets 403 outside MFA
 * setup until MFA is on.
 */
export function addSecurityPolicyGuard(app: FastifyInstance, db: Executor): void {
  app.addHook('onRequest', async (request) => {
    const auth = request.auth;
    if (!auth) return;
    const policy = await findPolicyRow(db, auth.organizationId);
    if (!policy) return;
    if (!policy.mfaRequiredRoles.includes(auth.role)) return;
    const url = request.routeOptions.url ?? request.url;
    if (allowedWithoutMfa(request.method, url)) return;
    if (!(await hasMfa(db, auth.userId)))
      throw new AppError('forbidden', 403, T.mfaRequired(ROLE_LABELS[auth.role]));
  });
}
