import { randomUUID } from 'node:crypto';
import type { TEventSeverity, TSecurityEventType } from '@netguard/contracts';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { securityAlerts, securityEvents } from '../../db/schema.ts';
import { forwardsToSiem, securityEventsToSiem } from '../siem/siem.events.ts';
import { emitSiemEvents } from '../siem/siem.outbox.ts';
import { userEmails } from '../siem/siem.users.ts';
import { type ChainBreak, type ChainHead, checkLinks, linkEvents } from './event-chain.ts';

/** A security event to write; id, created_at and the chain columns are set here. */
export type NewSecurityEvent = {
  userId: string | null;
  organizationId: string | null;
  eventType: TSecurityEventType;
  severity: TEventSeverity;
  description: string;
  metadata?: Record<string, unknown> | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** When it happened; now by default. */
  createdAt?: Date;
};

/** First key of the chain advisory locks (the second is the chain's organization). */
const CHAIN_LOCK_ID = 727_017;
const NO_ORGANIZATION = 'none';

const chainIs = (organizationId: string | null) =>
  organizationId === null
    ? isNull(securityEvents.chainOrg)
    : eq(securityEvents.chainOrg, organizationId);

async function chainHead(tx: Executor, organizationId: string | null): Promise<ChainHead | null> {
  const [row] = await tx
    .select({ seq: securityEvents.seq, hash: securityEvents.hash })
    .from(securityEvents)
    .where(and(chainIs(organizationId), isNotNull(securityEvents.seq)))
    .orderBy(desc(securityEvents.seq))
    .limit(1);
  return row?.seq != null && row.hash != null ? { seq: row.seq, hash: row.hash } : null;
}

/**
 * The one way security events are written: appends them to the chains of their organizations
 * (those without one form their own chain), in order. Each chain is locked until the end of the
 * transaction (a savepoint when `db` is one already), so concurrent writers queue up and every
 * chain stays gapless; the locks are taken in a fixed order.
 */
export async function appendSecurityEvents(db: Executor, events: NewSecurityEvent[]) {
  if (events.length === 0) return;
  const chains = new Map<string, NewSecurityEvent[]>();
  for (const event of events) {
    const key = event.organizationId ?? NO_ORGANIZATION;
    chains.set(key, [...(chains.get(key) ?? []), event]);
  }
  const keys = [...chains.keys()].sort();
  await db.transaction(async (tx) => {
    const rows = [];
    for (const key of keys) {
      await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_ID}, hashtext(${key}))`);
      const organizationId = key === NO_ORGANIZATION ? null : key;
      const linked = linkEvents(
        await chainHead(tx, organizationId),
        (chains.get(key) ?? []).map((event) => ({
          ...event,
          metadata: event.metadata ?? null,
          id: randomUUID(),
          createdAt: event.createdAt ?? new Date(),
          chainOrg: event.organizationId,
          chainUser: event.userId,
        })),
      );
      rows.push(...linked);
    }
    await tx.insert(securityEvents).values(rows);
    // Critical events of an organization are alerted on by modules/incidents/alerts.ts: the
    // outbox row commits with the event, so no alert is lost and none is sent twice.
    const alerts = rows.flatMap((r) =>
      r.severity === 'critical' && r.organizationId
        ? [{ eventId: r.id, organizationId: r.organizationId }]
        : [],
    );
    if (alerts.length) await tx.insert(securityAlerts).values(alerts);
    // Forwarded to the organization's SIEMs with the events (those without one are not), their
    // users named by e-mail.
    const forwarded = rows.filter(forwardsToSiem);
    const emails = await userEmails(
      tx,
      forwarded.map((r) => r.userId),
    );
    await emitSiemEvents(tx, securityEventsToSiem(forwarded, emails));
  });
}

export type ChainReport = {
  /** The chain: an organization (possibly deleted since), or null for events without one. */
  organizationId: string | null;
  /** Events checked (up to the break). */
  events: number;
  broken: ChainBreak | null;
};

export type VerifyReport = {
  chains: ChainReport[];
  /** Rows written before the chain existed (no seq): not covered. */
  unchained: number;
  ok: boolean;
};

const PAGE = 1_000;

/** Walks one chain in seq order, recomputing every hash; stops at the first broken link. */
async function verifyChain(db: Executor, organizationId: string | null): Promise<ChainReport> {
  let head: ChainHead | null = null;
  let events = 0;
  for (;;) {
    const page = await db
      .select()
      .from(securityEvents)
      .where(
        and(
          chainIs(organizationId),
          isNotNull(securityEvents.seq),
          head ? gt(securityEvents.seq, head.seq) : undefined,
        ),
      )
      .orderBy(asc(securityEvents.seq))
      .limit(PAGE);
    const rows = page.map((row) => ({
      ...row,
      seq: row.seq ?? 0,
      prevHash: row.prevHash ?? '',
      hash: row.hash ?? '',
    }));
    const checked = checkLinks(head, rows);
    if (checked.broken) {
      return {
        organizationId,
        events: events + (checked.head?.seq ?? 0) - (head?.seq ?? 0),
        broken: checked.broken,
      };
    }
    events += rows.length;
    head = checked.head;
    if (rows.length < PAGE) return { organizationId, events, broken: null };
  }
}

/** Verifies every chain, or the one of `organizationId`. */
export async function verifySecurityEvents(
  db: Executor,
  options: { organizationId?: string } = {},
): Promise<VerifyReport> {
  const only = options.organizationId;
  const chainRows = await db
    .selectDistinct({ organizationId: securityEvents.chainOrg })
    .from(securityEvents)
    .where(and(isNotNull(securityEvents.seq), only ? eq(securityEvents.chainOrg, only) : undefined))
    .orderBy(sql`${securityEvents.chainOrg} nulls first`);
  const chains: ChainReport[] = [];
  for (const { organizationId } of chainRows) chains.push(await verifyChain(db, organizationId));
  const [unchained] = await db
    .select({ n: count() })
    .from(securityEvents)
    .where(
      and(isNull(securityEvents.seq), only ? eq(securityEvents.organizationId, only) : undefined),
    );
  return {
    chains,
    unchained: unchained?.n ?? 0,
    ok: chains.every((chain) => chain.broken === null),
  };
}

/** One line per chain: `ok: N events` or `broken at seq S (event <id>, <created_at>): <reason>`. */
export function formatChainReport(chain: ChainReport): string {
  const name = `organization ${chain.organizationId ?? 'none'}`;
  if (!chain.broken) return `${name}: ok: ${chain.events} events`;
  const { seq, id, createdAt, reason } = chain.broken;
  return `${name}: broken at seq ${seq} (event ${id}, ${createdAt.toISOString()}): ${reason}`;
}
