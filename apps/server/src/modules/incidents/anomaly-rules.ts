import { ANOMALY_LIMITS, type TEventSeverity, type TIncidentRule } from '@netguard/contracts';
import type { SiemEventInput } from '@netguard/siem';
import { and, eq, gt, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  incidentEvents,
  incidentRuleCursors,
  incidentStatusChanges,
  securityEvents,
  securityIncidents,
  users,
} from '../../db/schema.ts';
import { incidentOpenedToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';

// Arbitrary constant: one rule sweep at a time across all processes.
const RULES_LOCK_ID = 727_018;
/** Events of one organization read per sweep; the rest wait for the next tick. */
const BATCH = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type NewEvent = {
  id: string;
  userId: string | null;
  eventType: string;
  severity: TEventSeverity;
  metadata: unknown;
  createdAt: Date;
};

const meta = (event: NewEvent, key: string): unknown =>
  event.metadata && typeof event.metadata === 'object'
    ? (event.metadata as Record<string, unknown>)[key]
    : undefined;

/** A failed auth attempt: an auth_attempt event above low severity (successes are low). */
const isFailedAuth = (e: NewEvent) => e.eventType === 'auth_attempt' && e.severity !== 'low';
/** A granted permission check is routine (every API call logs one): the burst rule skips it. */
const isRoutine = (e: NewEvent) => e.eventType === 'data_access' && meta(e, 'granted') === true;

/** How each rule picks its subject from an event and matches the subject's events in SQL. */
const RULES: Record<
  TIncidentRule,
  {
    limit: { moreThan: number; windowMs: number };
    severity: TEventSeverity;
    subject: (e: NewEvent, organizationId: string) => string | null;
    matches: (subject: string, organizationId: string) => SQL;
  }
> = {
  failed_auth: {
    limit: ANOMALY_LIMITS.failedAuth,
    severity: 'high',
    subject: (e) => (isFailedAuth(e) ? (e.userId ?? stringOrNull(meta(e, 'email'))) : null),
    matches: (subject) =>
      sql`${securityEvents.eventType} = 'auth_attempt' and ${securityEvents.severity} <> 'low' and (${securityEvents.userId}::text = ${subject} or (${securityEvents.userId} is null and ${securityEvents.metadata}->>'email' = ${subject}))`,
  },
  event_burst: {
    limit: ANOMALY_LIMITS.eventBurst,
    severity: 'medium',
    subject: (e, organizationId) => (isRoutine(e) ? null : (e.userId ?? organizationId)),
    matches: (subject, organizationId) =>
      sql`not (${securityEvents.eventType} = 'data_access' and ${securityEvents.metadata}->>'granted' = 'true') and ${
        subject === organizationId
          ? sql`${securityEvents.userId} is null`
          : sql`${securityEvents.userId}::text = ${subject}`
      }`,
  },
};

const stringOrNull = (value: unknown) =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, 320) : null;

export type RuleSweep = { opened: number; attached: number };
/** A sweep's counts and the SIEM events of the incidents it opened (emitted once, at its end). */
type Swept = RuleSweep & { siem: SiemEventInput[] };

/**
 * Runs the anomaly rules (spec part 2 §9) over the security events appended since the last sweep:
 * per organization, the events after its cursor in chain order. A subject over a rule's limit
 * within the window opens one incident; while that incident is open or investigating, later
 * matching events attach to it instead. One sweep at a time (advisory lock); the cursor moves in
 * the same transaction, so a crash re-evaluates rather than skips. Runs on the system connection.
 */
export async function evaluateAnomalyRules(db: Executor, now = new Date()): Promise<RuleSweep> {
  return db.transaction(async (tx) => {
    const result = { opened: 0, attached: 0 };
    const siem: SiemEventInput[] = [];
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${RULES_LOCK_ID}) as ok`);
    if (!(lock.rows[0] as { ok: boolean } | undefined)?.ok) return result;
    const behind = await tx.execute(sql`
      select o.id as organization_id, coalesce(c.seq, 0)::bigint as seq, h.head
        from organizations o
        left join incident_rule_cursors c on c.organization_id = o.id
        cross join lateral (select max(e.seq) as head from security_events e where e.chain_org = o.id) h
       where h.head > coalesce(c.seq, 0)`);
    for (const row of behind.rows as { organization_id: string; seq: string; head: string }[]) {
      const from = Number(row.seq);
      const to = Math.min(Number(row.head), from + BATCH);
      const swept = await sweepOrganization(tx, row.organization_id, from, to, now);
      result.opened += swept.opened;
      result.attached += swept.attached;
      siem.push(...swept.siem);
      await tx
        .insert(incidentRuleCursors)
        .values({ organizationId: row.organization_id, seq: to })
        .onConflictDoUpdate({
          target: incidentRuleCursors.organizationId,
          set: { seq: to, updatedAt: now },
        });
    }
    // Opened incidents reach the SIEMs with the sweep's commit (and not when it rolls back).
    await emitSiemEvents(tx, siem);
    return result;
  });
}

async function sweepOrganization(
  tx: Executor,
  organizationId: string,
  from: number,
  to: number,
  now: Date,
): Promise<Swept> {
  const fresh: NewEvent[] = await tx
    .select({
      id: securityEvents.id,
      userId: securityEvents.userId,
      eventType: securityEvents.eventType,
      severity: securityEvents.severity,
      metadata: securityEvents.metadata,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.chainOrg, organizationId),
        gt(securityEvents.seq, from),
        lte(securityEvents.seq, to),
      ),
    );
  const result: Swept = { opened: 0, attached: 0, siem: [] };
  for (const rule of Object.keys(RULES) as TIncidentRule[]) {
    const since = new Date(now.getTime() - RULES[rule].limit.windowMs);
    const subjects = new Set(
      fresh
        .filter((e) => e.createdAt > since)
        .map((e) => RULES[rule].subject(e, organizationId))
        .filter((s): s is string => s !== null),
    );
    for (const subject of subjects) {
      const outcome = await applyRule(tx, { organizationId, rule, subject, since, now });
      if (outcome !== null && outcome !== 'attached') {
        result.opened += 1;
        result.siem.push(...outcome.opened);
      }
      if (outcome === 'attached') result.attached += 1;
    }
  }
  return result;
}

type RuleCase = {
  organizationId: string;
  rule: TIncidentRule;
  subject: string;
  since: Date;
  now: Date;
};

/**
 * Opens or feeds the subject's incident for the rule; null when under the limit. An opened one
 * comes with its SIEM events.
 */
async function applyRule(
  tx: Executor,
  c: RuleCase,
): Promise<{ opened: SiemEventInput[] } | 'attached' | null> {
  const spec = RULES[c.rule];
  const linked = tx
    .select({ one: sql`1` })
    .from(incidentEvents)
    .innerJoin(securityIncidents, eq(securityIncidents.id, incidentEvents.incidentId))
    .where(and(eq(incidentEvents.eventId, securityEvents.id), eq(securityIncidents.rule, c.rule)));
  const candidates = await tx
    .select({
      id: securityEvents.id,
      severity: securityEvents.severity,
      ipAddress: securityEvents.ipAddress,
    })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.organizationId, c.organizationId),
        gt(securityEvents.createdAt, c.since),
        spec.matches(c.subject, c.organizationId),
        sql`not exists (${linked})`,
      ),
    );
  if (candidates.length === 0) return null;
  let incident = await activeIncident(tx, c);
  let opened = false;
  if (!incident) {
    if (candidates.length <= spec.limit.moreThan) return null;
    const title = await titleFor(tx, c);
    await tx
      .insert(securityIncidents)
      .values({
        organizationId: c.organizationId,
        title,
        severity: spec.severity,
        rule: c.rule,
        subject: c.subject,
        createdAt: c.now,
        updatedAt: c.now,
      })
      .onConflictDoNothing();
    incident = await activeIncident(tx, c);
    if (!incident) return null;
    await tx.insert(incidentStatusChanges).values({
      incidentId: incident.id,
      organizationId: c.organizationId,
      status: 'open',
      changedBy: null,
      changedAt: c.now,
    });
    opened = true;
  }
  await tx
    .insert(incidentEvents)
    .values(
      candidates.map((e) => ({
        incidentId: incident.id,
        eventId: e.id,
        organizationId: c.organizationId,
      })),
    )
    .onConflictDoNothing();
  // The incident is as severe as the worst event on its timeline (enum order low < critical).
  const [updated] = await tx
    .update(securityIncidents)
    .set({
      severity: sql`greatest(${securityIncidents.severity}, ${sql.join(
        [...new Set(candidates.map((e) => e.severity))].map((s) => sql`${s}::event_severity`),
        sql`, `,
      )})`,
      updatedAt: c.now,
    })
    .where(eq(securityIncidents.id, incident.id))
    .returning();
  if (!opened || !updated) return 'attached';
  const addresses = new Set(candidates.map((e) => e.ipAddress));
  return {
    opened: incidentOpenedToSiem(updated, {
      events: candidates.length,
      sourceIp: addresses.size === 1 ? [...addresses][0] : null,
    }),
  };
}

async function activeIncident(tx: Executor, c: RuleCase) {
  const [row] = await tx
    .select({ id: securityIncidents.id })
    .from(securityIncidents)
    .where(
      and(
        eq(securityIncidents.organizationId, c.organizationId),
        eq(securityIncidents.rule, c.rule),
        eq(securityIncidents.subject, c.subject),
        ne(securityIncidents.status, 'resolved'),
        sql`${securityIncidents.mergedInto} is null`,
      ),
    )
    .limit(1);
  return row ?? null;
}

async function titleFor(tx: Executor, c: RuleCase): Promise<string> {
  let who = c.subject;
  if (UUID.test(c.subject) && c.subject !== c.organizationId) {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.id, [c.subject]));
    if (user) who = user.email;
  }
  if (c.rule === 'failed_auth')
    return `More than ${ANOMALY_LIMITS.failedAuth.moreThan} failed sign-in attempts in 24 hours for ${who}`;
  return c.subject === c.organizationId
    ? `More than ${ANOMALY_LIMITS.eventBurst.moreThan} security events in 5 minutes in the organization`
    : `More than ${ANOMALY_LIMITS.eventBurst.moreThan} security events in 5 minutes from ${who}`;
}
