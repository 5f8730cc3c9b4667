import {
  countPasswordClasses,
  DEFAULT_SECURITY_POLICY,
  SECURITY_CENTER_TEXT as T,
  type TSecurityPolicies,
  type TSecurityPolicyBody,
} from '@netguard/contracts';
import { and, desc, eq, min, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordHistory, refreshTokens, securityPolicies, users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import { appendSecurityEvents } from '../audit/security-events.ts';
import * as usersRepo from '../auth/users.repo.ts';

type PolicyRow = typeof securityPolicies.$inferSelect;

/** Most former passwords ever kept per user (the policy's history maximum). */
const HISTORY_KEPT = 24;
const MINUTE_MS = 60_000;

export async function findPolicyRow(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(securityPolicies)
    .where(eq(securityPolicies.organizationId, organizationId));
  return row;
}

function toBody(row: PolicyRow | undefined): TSecurityPolicyBody {
  if (!row) return DEFAULT_SECURITY_POLICY;
  return {
    password: {
      min_length: row.passwordMinLength,
      history: row.passwordHistory,
      classes: row.passwordClasses,
    },
    session: {
      idle_timeout_minutes: row.sessionIdleMinutes,
      absolute_lifetime_hours: row.sessionAbsoluteHours,
    },
    mfa_required_roles: row.mfaRequiredRoles,
    data_access: { api_keys_allowed: row.apiKeysAllowed },
  };
}

/** The policies with, per policy, whether it restricts anything beyond the defaults. */
export async function readPolicies(
  db: Executor,
  organizationId: string,
): Promise<TSecurityPolicies> {
  const row = await findPolicyRow(db, organizationId);
  const body = toBody(row);
  return {
    ...body,
    updated_at: row?.updatedAt.toISOString() ?? null,
    enforced: {
      // The character classes can only loosen the product's rule (all four), never add to it.
      password: body.password.min_length > 8 || body.password.history > 0,
      session:
        body.session.idle_timeout_minutes !== null || body.session.absolute_lifetime_hours !== null,
      mfa: body.mfa_required_roles.length > 0,
      data_access: !body.data_access.api_keys_allowed,
    },
  };
}

/** Saves the organization's policies and records the change as a security event. */
export async function savePolicies(
  db: Executor,
  who: { userId: string; organizationId: string },
  body: TSecurityPolicyBody,
  meta: RequestMeta,
) {
  const before = toBody(await findPolicyRow(db, who.organizationId));
  const values = {
    passwordMinLength: body.password.min_length,
    passwordHistory: body.password.history,
    passwordClasses: body.password.classes,
    sessionIdleMinutes: body.session.idle_timeout_minutes,
    sessionAbsoluteHours: body.session.absolute_lifetime_hours,
    mfaRequiredRoles: [...new Set(body.mfa_required_roles)],
    apiKeysAllowed: body.data_access.api_keys_allowed,
    updatedBy: who.userId,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(securityPolicies)
      .values({ organizationId: who.organizationId, ...values })
      .onConflictDoUpdate({ target: securityPolicies.organizationId, set: values });
    await appendSecurityEvents(tx, [
      {
        ...who,
        eventType: 'privilege_escalation',
        severity: 'medium',
        description: 'Security policies changed',
        metadata: { outcome: 'security_policy_change', before, after: body },
        ipAddress: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      },
    ]);
  });
  return readPolicies(db, who.organizationId);
}

/**
 * The strictest password rules of every organization the user belongs to, an organization
 * without a saved policy counting with the defaults: a team's policy can add to what the
 * person's other organizations require, never take away. Read through a function of the owner,
 * since row-level security hides the other organizations' policies from a request.
 */
async function passwordRulesFor(db: Executor, userId: string) {
  const d = DEFAULT_SECURITY_POLICY.password;
  const { rows } = await db.execute<{ min_length: number; history: number; classes: number }>(
    sql`select * from netguard_password_rules(${userId}, ${d.min_length}, ${d.history}, ${d.classes})`,
  );
  const [row] = rows;
  return {
    minLength: row?.min_length ?? d.min_length,
    history: row?.history ?? d.history,
    classes: row?.classes ?? d.classes,
  };
}

/**
 * Refuses a new password the user's organizations' policies do not allow: shorter than their
 * minimum, with fewer character classes than they require, or one of the last `history`
 * passwords (the current one included).
 */
export async function assertPasswordAllowed(
  db: Executor,
  userId: string,
  password: string,
  currentHash: string | null,
) {
  const rules = await passwordRulesFor(db, userId);
  if (password.length < rules.minLength)
    throw new AppError('bad_request', 400, T.passwordTooShort(rules.minLength));
  if (countPasswordClasses(password) < rules.classes)
    throw new AppError('bad_request', 400, T.passwordClasses(rules.classes));
  if (rules.history === 0) return;
  const former = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(rules.history - 1);
  const hashes = [...(currentHash ? [currentHash] : []), ...former.map((r) => r.hash)];
  for (const hash of hashes.slice(0, rules.history)) {
    if (await verifyPassword(hash, password))
      throw new AppError('bad_request', 400, T.passwordReused(rules.history));
  }
}

/** Keeps the replaced password's hash for the reuse rule (the newest HISTORY_KEPT). */
export async function rememberPassword(db: Executor, userId: string, replacedHash: string) {
  await db.insert(passwordHistory).values({ userId, passwordHash: replacedHash });
  const keep = db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(HISTORY_KEPT);
  await db
    .delete(passwordHistory)
    .where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, keep)));
}

/**
 * Whether the session policy of the session's organization ended this session: no refresh for
 * longer than the idle timeout (since `token.createdAt`), or older than the absolute lifetime.
 */
export async function sessionPolicyExpired(
  db: Executor,
  token: { userId: string; familyId: string; createdAt: Date },
  now = Date.now(),
): Promise<boolean> {
  const organizationId =
    (await usersRepo.findSessionOrganizationId(db, token.userId, token.familyId)) ??
    (await usersRepo.findPersonalOrganizationId(db, token.userId));
  if (!organizationId) return false;
  const policy = await findPolicyRow(db, organizationId);
  if (!policy) return false;
  const idle = policy.sessionIdleMinutes;
  if (idle !== null && now - token.createdAt.getTime() > idle * MINUTE_MS) return true;
  const lifetime = policy.sessionAbsoluteHours;
  if (lifetime === null) return false;
  const [first] = await db
    .select({ at: min(refreshTokens.createdAt) })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, token.familyId));
  const started = first?.at ? new Date(first.at).getTime() : token.createdAt.getTime();
  return now - started > lifetime * 60 * MINUTE_MS;
}

/**
 * Before a user's password is replaced (change or reset): refuses what the policies do not allow,
 * then keeps the replaced hash for the reuse rule.
 */
export async function applyPasswordPolicy(db: Executor, userId: string, password: string) {
  const [user] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  await assertPasswordAllowed(db, userId, password, user?.hash ?? null);
  if (user) await rememberPassword(db, userId, user.hash);
}
