// Time-boxed access for an outside auditor: admins grant a member with the auditor role one
// framework and an audit period until a date. While an auditor holds grants, the compliance API
// shows them only those frameworks and evidence observed within the periods, and nothing after
// the last grant ends. Auditors without grants (the organization's own) see everything.
import {
  EVIDENCE_TEXT,
  GRANT_TEXT,
  type TAuditorGrantCreate,
  type TComplianceFrameworkId,
} from '@netguard/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceAuditorGrants, userRoles, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { ItemRow } from './evidence.items.ts';

/** What a granted auditor may see; null: no limit. */
export type AuditorScope = {
  frameworks: Set<TComplianceFrameworkId>;
  /** One per active grant: its framework, audit period and expiry. */
  periods: { grantId: string; frameworkId: string; start: Date; end: Date; expiresAt: Date }[];
} | null;

const forbidden = (message: string) => new AppError('forbidden', 403, message);

export function createGrantService(db: Executor) {
  const rowsOf = (auth: AuthContext) =>
    db
      .select({ grant: evidenceAuditorGrants, email: users.email })
      .from(evidenceAuditorGrants)
      .innerJoin(users, eq(users.id, evidenceAuditorGrants.userId))
      .where(eq(evidenceAuditorGrants.organizationId, auth.organizationId))
      .orderBy(desc(evidenceAuditorGrants.createdAt));
  const view = (r: Awaited<ReturnType<typeof rowsOf>>[number], now: Date) => ({
    id: r.grant.id,
    email: r.email,
    frameworkId: r.grant.frameworkId as TComplianceFrameworkId,
    periodStart: r.grant.periodStart.toISOString(),
    periodEnd: r.grant.periodEnd.toISOString(),
    expiresAt: r.grant.expiresAt.toISOString(),
    active: r.grant.expiresAt > now,
  });

  return {
    async list(auth: AuthContext) {
      const now = new Date();
      return { grants: (await rowsOf(auth)).map((r) => view(r, now)) };
    },

    async create(auth: AuthContext, body: TAuditorGrantCreate) {
      if (Date.parse(body.expiresAt) <= Date.now())
        throw new AppError('validation_error', 400, GRANT_TEXT.expiresInPast);
      const [member] = await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(
          and(
            eq(userRoles.organizationId, auth.organizationId),
            eq(users.email, body.email),
            eq(userRoles.role, 'auditor'),
          ),
        );
      if (!member) throw new AppError('validation_error', 400, GRANT_TEXT.notAuditor(body.email));
      const [row] = await db
        .insert(evidenceAuditorGrants)
        .values({
          organizationId: auth.organizationId,
          userId: member.userId,
          frameworkId: body.frameworkId,
          periodStart: new Date(body.periodStart),
          periodEnd: new Date(body.periodEnd),
          expiresAt: new Date(body.expiresAt),
          grantedBy: auth.userId,
        })
        .returning();
      return view({ grant: row!, email: body.email }, new Date());
    },

    async revoke(auth: AuthContext, id: string) {
      const gone = await db
        .delete(evidenceAuditorGrants)
        .where(
          and(
            eq(evidenceAuditorGrants.organizationId, auth.organizationId),
            eq(evidenceAuditorGrants.id, id),
          ),
        )
        .returning({ id: evidenceAuditorGrants.id });
      if (gone.length === 0) throw new AppError('not_found', 404, GRANT_TEXT.notFound);
    },

    /** The caller's limits: null for anyone but a granted auditor; 403 once every grant ended. */
    async scopeOf(auth: AuthContext): Promise<AuditorScope> {
      if (auth.role !== 'auditor') return null;
      const grants = await db
        .select()
        .from(evidenceAuditorGrants)
        .where(
          and(
            eq(evidenceAuditorGrants.organizationId, auth.organizationId),
            eq(evidenceAuditorGrants.userId, auth.userId),
          ),
        );
      if (grants.length === 0) return null;
      const now = new Date();
      const active = grants.filter((g) => g.expiresAt > now);
      if (active.length === 0) {
        const last = new Date(Math.max(...grants.map((g) => g.expiresAt.getTime())));
        throw forbidden(GRANT_TEXT.ended(last.toISOString()));
      }
      return {
        frameworks: new Set(active.map((g) => g.frameworkId as TComplianceFrameworkId)),
        periods: active.map((g) => ({
          grantId: g.id,
          frameworkId: g.frameworkId,
          start: g.periodStart,
          end: g.periodEnd,
          expiresAt: g.expiresAt,
        })),
      };
    },
  };
}

export type GrantService = ReturnType<typeof createGrantService>;

/** Refuses a framework outside the scope. */
export function requireFramework(scope: AuditorScope, framework: string | undefined) {
  if (!scope) return;
  if (!framework || !scope.frameworks.has(framework as TComplianceFrameworkId))
    throw forbidden(GRANT_TEXT.outOfScope(framework ?? 'every framework'));
}

/** Whether an item is one a scoped auditor may see: a granted framework, observed in its period. */
export function itemInScope(
  scope: AuditorScope,
  row: Pick<ItemRow, 'requirementIds' | 'observedAt'>,
) {
  if (!scope) return true;
  return scope.periods.some(
    (p) =>
      row.requirementIds.some((r) => r.startsWith(`${p.frameworkId}:`)) &&
      row.observedAt >= p.start &&
      row.observedAt <= p.end,
  );
}

/** 404 for an item outside the scope, as for another organization's. */
export function requireItem(
  scope: AuditorScope,
  row: Pick<ItemRow, 'requirementIds' | 'observedAt'>,
) {
  if (!itemInScope(scope, row)) throw new AppError('not_found', 404, EVIDENCE_TEXT.notFound);
}
