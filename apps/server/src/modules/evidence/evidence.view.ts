// Evidence rows as the API shows them (never a row whole).
import type { TEvidenceItemView, TEvidenceRun } from '@netguard/contracts';
import { evidenceStatus } from '@netguard/evidence';
import type { evidenceRuns } from '../../db/schema.ts';
import { type ItemRow, toItem } from './evidence.items.ts';

type Framework = TEvidenceItemView['frameworks'][number];

export function toItemView(
  row: ItemRow,
  now: Date,
  reviewer: string | null = null,
): TEvidenceItemView {
  const source = row.source as {
    kind: 'collector' | 'cloud' | 'upload';
    id?: string;
    version?: string;
  };
  const file = (row.attachments[0] ?? null) as {
    name: string;
    mediaType: string;
    size: number;
  } | null;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    requirementIds: row.requirementIds,
    frameworks: [...new Set(row.requirementIds.map((r) => r.split(':')[0] as Framework))],
    source: { kind: source.kind, id: source.id ?? null, version: source.version ?? null },
    outcome: row.outcome,
    status: evidenceStatus(toItem(row), now),
    observedAt: row.observedAt.toISOString(),
    collectedAt: row.collectedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: reviewer,
    contentHash: row.contentHash,
    metadata: row.metadata,
    file: file ? { name: file.name, mediaType: file.mediaType, size: file.size } : null,
  };
}

export const toRunView = (r: typeof evidenceRuns.$inferSelect): TEvidenceRun => ({
  id: r.id,
  frameworkId: r.frameworkId,
  requirementId: r.requirementId,
  trigger: r.trigger,
  status: r.status,
  itemCount: r.itemCount,
  error: r.error,
  digestNumber: r.digestNumber,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});
