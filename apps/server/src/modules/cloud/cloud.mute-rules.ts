import {
  CLOUD_TEXT,
  type TCloudMuteRule,
  type ZCloudMuteRuleCreate,
  type ZCloudMuteRuleUpdate,
} from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { auditLogs, cloudMuteRules, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { likeOf, ruleMatches, splitTag } from './cloud.mute.ts';

const r = cloudMuteRules;
const notFound = () => new AppError('not_found', 404, CLOUD_TEXT.muteRuleNotFound);

/** Open cloud findings of the organization the rule matches. */
const hiddenCount = sql<number>`(
  select count(*)::int from cloud_findings cf
  join vulnerabilities v on v.id = cf.vulnerability_id
  where v.state = 'open' and ${ruleMatches('cloud_mute_rules', 'cf')})`;

const columns = {
  rule: r,
  author: users.email,
  hiddenCount,
};

type Row = { rule: typeof r.$inferSelect; author: string | null; hiddenCount: number };

function toMuteRule({ rule, author, hiddenCount }: Row): TCloudMuteRule {
  return {
    id: rule.id,
    checkId: rule.checkId,
    resourcePattern: rule.resourcePattern,
    tag: rule.tagKey === null ? null : `${rule.tagKey}=${rule.tagValue ?? ''}`,
    account: rule.account,
    region: rule.region,
    reason: rule.reason,
    expiresAt: rule.expiresAt.toISOString(),
    author,
    createdAt: rule.createdAt.toISOString(),
    expired: rule.expiresAt.getTime() <= Date.now(),
    hiddenCount: rule.expiresAt.getTime() <= Date.now() ? 0 : hiddenCount,
  };
}

/** Mute rules of the caller's organization (admins): accepted risk with a reason and an expiry. */
export function createMuteRules({ db }: { db: Executor }) {
  async function find(auth: AuthContext, id: string): Promise<TCloudMuteRule> {
    const [row] = await db
      .select(columns)
      .from(r)
      .leftJoin(users, eq(users.id, r.authorId))
      .where(and(eq(r.organizationId, auth.organizationId), eq(r.id, id)));
    if (!row) throw notFound();
    return toMuteRule(row);
  }

  const audit = (auth: AuthContext, action: string, id: string, meta: RequestMeta, details = {}) =>
    db.insert(auditLogs).values({
      userId: auth.userId,
      organizationId: auth.organizationId,
      action,
      resourceType: 'cloud_mute_rule',
      resourceId: id,
      details,
      ipAddress: meta.ip,
    });

  return {
    async list(auth: AuthContext): Promise<TCloudMuteRule[]> {
      const rows = await db
        .select(columns)
        .from(r)
        .leftJoin(users, eq(users.id, r.authorId))
        .where(eq(r.organizationId, auth.organizationId))
        .orderBy(desc(r.createdAt));
      return rows.map(toMuteRule);
    },

    async create(
      auth: AuthContext,
      body: z.infer<typeof ZCloudMuteRuleCreate>,
      meta: RequestMeta,
    ): Promise<TCloudMuteRule> {
      const tag = body.tag === undefined ? null : splitTag(body.tag);
      const [row] = await db
        .insert(r)
        .values({
          organizationId: auth.organizationId,
          checkId: body.checkId ?? null,
          resourcePattern: body.resourcePattern ?? null,
          resourceLike: body.resourcePattern === undefined ? null : likeOf(body.resourcePattern),
          tagKey: tag?.key ?? null,
          tagValue: tag?.value ?? null,
          account: body.account ?? null,
          region: body.region ?? null,
          reason: body.reason,
          expiresAt: new Date(body.expiresAt),
          authorId: auth.userId,
        })
        .returning({ id: r.id });
      const id = (row as { id: string }).id;
      await audit(auth, 'cloud.mute_rule.created', id, meta, { reason: body.reason });
      return find(auth, id);
    },

    async update(
      auth: AuthContext,
      id: string,
      body: z.infer<typeof ZCloudMuteRuleUpdate>,
      meta: RequestMeta,
    ): Promise<TCloudMuteRule> {
      const changed = await db
        .update(r)
        .set({
          ...(body.reason === undefined ? {} : { reason: body.reason }),
          ...(body.expiresAt === undefined ? {} : { expiresAt: new Date(body.expiresAt) }),
        })
        .where(and(eq(r.organizationId, auth.organizationId), eq(r.id, id)))
        .returning({ id: r.id });
      if (changed.length === 0) throw notFound();
      await audit(auth, 'cloud.mute_rule.updated', id, meta, body);
      return find(auth, id);
    },

    async remove(auth: AuthContext, id: string, meta: RequestMeta): Promise<void> {
      const removed = await db
        .delete(r)
        .where(and(eq(r.organizationId, auth.organizationId), eq(r.id, id)))
        .returning({ id: r.id });
      if (removed.length === 0) throw notFound();
      await audit(auth, 'cloud.mute_rule.deleted', id, meta);
    },
  };
}

export type MuteRules = ReturnType<typeof createMuteRules>;
