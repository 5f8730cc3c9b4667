// Evidence items in the database as packages/evidence's EvidenceItem: stored with their content
// hash and an evidence_added ledger row; status changes (expiry, review) append ledger rows too.
import { randomUUID } from 'node:crypto';
import {
  type EvidenceItem,
  type EvidenceSource,
  evidenceStatus,
  type FrameworkId,
  type LedgerEntry,
  sealEvidence,
} from '@netguard/evidence';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { evidenceItems } from '../../db/schema.ts';
import { appendLedger } from './evidence.ledger.ts';

export type ItemRow = typeof evidenceItems.$inferSelect;

export const refOf = (text: string) => {
  const at = text.indexOf(':');
  return { framework: text.slice(0, at) as FrameworkId, id: text.slice(at + 1) };
};

/** The stored row as the library's item (what its hash covers comes from these columns). */
export function toItem(row: ItemRow): EvidenceItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    ...(row.description === null ? {} : { description: row.description }),
    requirements: row.requirementIds.map(refOf),
    source: row.source as unknown as EvidenceSource,
    outcome: row.outcome,
    observedAt: row.observedAt.toISOString(),
    collectedAt: row.collectedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    review: {
      required: row.reviewRequired,
      ...(row.reviewedAt ? { reviewedAt: row.reviewedAt.toISOString() } : {}),
      ...(row.reviewedBy ? { reviewedBy: row.reviewedBy } : {}),
    },
    metadata: row.metadata as EvidenceItem['metadata'],
    attachments: row.attachments as unknown as EvidenceItem['attachments'],
    contentHash: row.contentHash,
  };
}

export type NewItem = Omit<EvidenceItem, 'id' | 'contentHash' | 'review'> & {
  reviewRequired: boolean;
  collectorId: string | null;
  collectorVersion: string | null;
  runId: string | null;
  createdBy: string | null;
  id?: string;
};

/** Seals and stores items with their evidence_added rows; the caller holds the key lock. */
export async function insertItems(
  tx: Executor,
  organizationId: string,
  items: NewItem[],
  now: Date,
): Promise<EvidenceItem[]> {
  const sealed = items.map((n) => {
    const { reviewRequired, collectorId, collectorVersion, runId, createdBy, ...rest } = n;
    const item = sealEvidence({
      ...rest,
      id: n.id ?? randomUUID(),
      review: { required: reviewRequired },
    });
    return { item, extra: { collectorId, collectorVersion, runId, createdBy } };
  });
  for (let i = 0; i < sealed.length; i += 500)
    await tx.insert(evidenceItems).values(
      sealed.slice(i, i + 500).map(({ item, extra }) => ({
        id: item.id,
        organizationId,
        type: item.type,
        title: item.title,
        description: item.description ?? null,
        requirementIds: item.requirements.map((r) => `${r.framework}:${r.id}`),
        source: item.source as unknown as Record<string, unknown>,
        outcome: item.outcome,
        observedAt: new Date(item.observedAt),
        collectedAt: new Date(item.collectedAt),
        expiresAt: new Date(item.expiresAt),
        reviewRequired: item.review.required,
        metadata: item.metadata,
        attachments: item.attachments as unknown as Record<string, unknown>[],
        contentHash: item.contentHash,
        status: evidenceStatus(item, now),
        ...extra,
      })),
    );
  await appendLedger(
    tx,
    organizationId,
    sealed.map(({ item }) => ({
      organizationId,
      kind: 'evidence_added',
      evidenceId: item.id,
      contentHash: item.contentHash,
      status: evidenceStatus(item, now),
      at: now.toISOString(),
    })),
  );
  return sealed.map((s) => s.item);
}

/**
 * Items whose stored status is no longer what their expiry and review give: the new status is
 * stored and a ledger row records the change. The caller holds the key lock.
 */
export async function refreshStatuses(tx: Executor, organizationId: string, now: Date) {
  const stale = await tx
    .select()
    .from(evidenceItems)
    .where(
      and(
        eq(evidenceItems.organizationId, organizationId),
        sql`${evidenceItems.status} <> case
          when ${evidenceItems.expiresAt} <= ${now} then 'expired'
          when ${evidenceItems.reviewRequired} and ${evidenceItems.reviewedAt} is null then 'pending_review'
          else 'valid' end`,
      ),
    );
  const entries: LedgerEntry[] = [];
  for (const row of stale) {
    const status = evidenceStatus(toItem(row), now);
    entries.push({
      organizationId,
      kind: 'evidence_status_changed',
      evidenceId: row.id,
      contentHash: row.contentHash,
      status,
      at: now.toISOString(),
    });
  }
  for (const status of ['valid', 'expired', 'pending_review'] as const) {
    const ids = entries.filter((e) => e.status === status).map((e) => e.evidenceId);
    if (ids.length)
      await tx.update(evidenceItems).set({ status }).where(inArray(evidenceItems.id, ids));
  }
  await appendLedger(tx, organizationId, entries);
  return entries.length;
}

/**
 * What a requirement's status rests on: the newest item of every collector (and of each subject
 * of a per-subject collector, such as each cloud check) and every upload.
 */
export async function currentItems(db: Executor, organizationId: string): Promise<ItemRow[]> {
  const result = await db.execute(sql`
    select * from (
      select distinct on (collector_id) * from evidence_items
        where organization_id = ${organizationId} and collector_id is not null
        order by collector_id, collected_at desc, id
    ) latest
    union all
    select * from evidence_items where organization_id = ${organizationId} and collector_id is null`);
  return (result.rows as Record<string, unknown>[]).map(fromRaw);
}

/** A raw row (snake_case, as db.execute returns it) as the drizzle row. */
function fromRaw(r: Record<string, unknown>): ItemRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: r.id as string,
    organizationId: r.organization_id as string,
    type: r.type as string,
    title: r.title as string,
    description: (r.description as string | null) ?? null,
    requirementIds: r.requirement_ids as string[],
    source: r.source as Record<string, unknown>,
    collectorId: (r.collector_id as string | null) ?? null,
    collectorVersion: (r.collector_version as string | null) ?? null,
    outcome: r.outcome as ItemRow['outcome'],
    observedAt: date(r.observed_at) as Date,
    collectedAt: date(r.collected_at) as Date,
    expiresAt: date(r.expires_at) as Date,
    reviewRequired: r.review_required as boolean,
    reviewedAt: date(r.reviewed_at),
    reviewedBy: (r.reviewed_by as string | null) ?? null,
    metadata: r.metadata as Record<string, unknown>,
    attachments: r.attachments as Record<string, unknown>[],
    contentHash: r.content_hash as string,
    status: r.status as ItemRow['status'],
    runId: (r.run_id as string | null) ?? null,
    createdBy: (r.created_by as string | null) ?? null,
  };
}
