import {
  eventRiskScore,
  SESSION_END_REASONS,
  SESSION_START_EVENT,
  type TSessionStartBody,
  type TSessionValidation,
} from '@netguard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { securityEvents } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import { insertSecurityEvent } from '../audit/audit.repo.ts';
import type { SessionService } from '../auth/sessions.service.ts';

/** Events carry the session id cut to 16 characters (spec part 2 §9). */
const SESSION_ID_CHARS = 16;
const SESSION_EXPIRED_EVENT = 'Session expired';

const shortId = (sessionId: string) => sessionId.slice(0, SESSION_ID_CHARS);

/** Whether the user's session already has an event with this description. */
async function alreadyLogged(db: Executor, userId: string, description: string, sid: string) {
  const [row] = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.eventType, 'auth_attempt'),
        eq(securityEvents.description, description),
        sql`${securityEvents.metadata}->>'sessionId' = ${sid}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Session monitoring (spec part 2 §4): the web logs a session_start event after sign-in (once per
 * session, whatever the reloads), and validates its session every minute; an ended session is
 * answered with the spec's reason and, when it expired, logged as a medium auth_attempt.
 */
export function createSessionMonitor({
  db,
  sessions,
}: {
  db: Executor;
  sessions: Pick<SessionService, 'inspect'>;
}) {
  return {
    async start(
      auth: { userId: string; organizationId: string; sessionId: string },
      body: TSessionStartBody,
      meta: RequestMeta,
    ) {
      const sessionId = shortId(auth.sessionId);
      const fingerprint = body.fingerprint ?? sha256(meta.userAgent ?? '').slice(0, 32);
      const riskScore = eventRiskScore('auth_attempt', 'low');
      const result = { session_id: sessionId, fingerprint, risk_score: riskScore };
      if (await alreadyLogged(db, auth.userId, SESSION_START_EVENT, sessionId))
        return { logged: false, ...result };
      await insertSecurityEvent(
        db,
        {
          userId: auth.userId,
          organizationId: auth.organizationId,
          eventType: 'auth_attempt',
          severity: 'low',
          description: SESSION_START_EVENT,
          metadata: { action: SESSION_START_EVENT, sessionId, fingerprint, riskScore },
        },
        meta,
      );
      return { logged: true, ...result };
    },

    async validate(bearer: string | undefined, meta: RequestMeta): Promise<TSessionValidation> {
      const found = await sessions.inspect(bearer);
      if (found.state === 'none') return { valid: false, reason: SESSION_END_REASONS.noSession };
      if (found.state === 'live') return { valid: true, expires_at: found.claims.expiresAt };
      const { userId, organizationId } = found.claims;
      const sessionId = shortId(found.claims.sessionId);
      // Logged once per session: the same expired token may be presented again and again.
      if (!(await alreadyLogged(db, userId, SESSION_EXPIRED_EVENT, sessionId))) {
        await insertSecurityEvent(
          db,
          {
            userId,
            organizationId,
            eventType: 'auth_attempt',
            severity: 'medium',
            description: SESSION_EXPIRED_EVENT,
            metadata: {
              action: 'session_validate',
              outcome: 'session_expired',
              sessionId,
              riskScore: eventRiskScore('auth_attempt', 'medium'),
            },
          },
          meta,
        ).catch(async (error: unknown) => {
          // The user or organization was deleted meanwhile: nothing left to attach the event to.
          if ((error as { cause?: { code?: string } }).cause?.code !== '23503') throw error;
        });
      }
      return { valid: false, reason: SESSION_END_REASONS.expired };
    },
  };
}

export type SessionMonitor = ReturnType<typeof createSessionMonitor>;
