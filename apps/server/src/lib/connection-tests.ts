// What every "Test Connection" shares: a budget per organization (a probe must not become a port
// scanner) and a security event naming the destination tried and how it answered.
import { CONNECTION_TESTS_PER_MINUTE, EGRESS_MESSAGES } from '@netguard/contracts';
import { classifyFailure } from '@netguard/egress';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import type { RequestMeta } from '../modules/audit/audit.repo.ts';
import { appendSecurityEvents } from '../modules/audit/security-events.ts';
import type { AuthContext } from '../modules/auth/sessions.service.ts';
import { AppError } from './errors.ts';

/**
 * Route config of a budget of `max` calls a minute per organization, refused with `message` (the
 * route's scope registers @fastify/rate-limit with `global: false`).
 */
export const organizationRateLimit = (max: number, message: string) => ({
  max,
  timeWindow: 60_000,
  // The auth guard's onRequest hook runs first: the budget is the organization's.
  keyGenerator: (request: FastifyRequest) => request.auth?.organizationId ?? request.ip,
  errorResponseBuilder: () => new AppError('rate_limited', 429, message),
});

/**
 * Route config of a connection test: CONNECTION_TESTS_PER_MINUTE per organization. Counted once
 * the request is valid (preHandler): a refused body reaches no destination and costs nothing.
 */
export const connectionTestRateLimit = () => ({
  ...organizationRateLimit(
    CONNECTION_TESTS_PER_MINUTE,
    EGRESS_MESSAGES.testsRateLimited(CONNECTION_TESTS_PER_MINUTE),
  ),
  hook: 'preHandler' as const,
});

export type ConnectionTest = {
  /** What was tested, e.g. "SIEM integration Splunk prod". */
  feature: string;
  /** The destination as configured (host:port or URL without credentials). */
  destination: string;
  /** undefined: it answered; otherwise the failure (an egress refusal is a security violation). */
  failure?: unknown;
};

/** Writes a connection test as a security event of the caller's organization. */
export async function recordConnectionTest(
  db: Executor,
  auth: AuthContext,
  { ip, userAgent }: RequestMeta,
  test: ConnectionTest,
) {
  const failure = test.failure === undefined ? undefined : classifyFailure(test.failure);
  const refused = failure?.kind === 'policy';
  await appendSecurityEvents(db, [
    {
      userId: auth.userId,
      organizationId: auth.organizationId,
      eventType: refused ? 'security_violation' : 'data_access',
      severity: refused ? 'medium' : 'low',
      description: refused
        ? `Connection test refused by the egress policy: ${test.feature} → ${test.destination}`
        : `Connection test: ${test.feature} → ${test.destination} (${failure ? failure.message : 'answered'})`,
      metadata: {
        kind: 'connection_test',
        feature: test.feature,
        destination: test.destination,
        outcome: failure ? failure.kind : 'answered',
      },
      ipAddress: ip,
      userAgent,
    },
  ]);
}
