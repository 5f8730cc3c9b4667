// The verification evidence as auditors download it: every re-run of a check after an apply or a
// rollback, with the execution it belongs to (action, target, who approved, its status now), as
// JSON lines or CSV, read in pages so a long history streams.
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remediationExecutions, remediationVerifications, users } from '../../db/schema.ts';
import { csvField } from '../vulnerabilities/vulnerabilities.export.ts';

const PAGE = 1000;
const v = remediationVerifications;
const x = remediationExecutions;

export const EVIDENCE_CONTENT_TYPES = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

const COLUMNS = [
  'checked_at',
  'phase',
  'check_id',
  'target',
  'fixed',
  'evidence',
  'execution_id',
  'action_id',
  'execution_status',
  'approved_by',
  'vulnerability_id',
] as const;

async function page(db: Executor, organizationId: string, after: { at: Date; id: string } | null) {
  return db
    .select({
      id: v.id,
      checked_at: v.checkedAt,
      phase: v.phase,
      check_id: v.checkId,
      target: v.target,
      fixed: v.fixed,
      evidence: v.evidence,
      execution_id: v.executionId,
      action_id: x.actionId,
      execution_status: x.status,
      approved_by: users.email,
      vulnerability_id: v.vulnerabilityId,
    })
    .from(v)
    .innerJoin(x, eq(x.id, v.executionId))
    .leftJoin(users, eq(users.id, x.approvedBy))
    .where(
      and(
        eq(v.organizationId, organizationId),
        after
          ? or(gt(v.checkedAt, after.at), and(eq(v.checkedAt, after.at), gt(v.id, after.id)))
          : sql`true`,
      ),
    )
    .orderBy(asc(v.checkedAt), asc(v.id))
    .limit(PAGE);
}

export async function* evidenceChunks(
  db: Executor,
  organizationId: string,
  format: 'jsonl' | 'csv',
): AsyncGenerator<string> {
  if (format === 'csv') yield `${COLUMNS.join(',')}\n`;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows = await page(db, organizationId, after);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    if (last) after = { at: last.checked_at, id: last.id };
    yield rows
      .map(({ id: _id, ...r }) => {
        const record = { ...r, checked_at: r.checked_at.toISOString() };
        return format === 'jsonl'
          ? `${JSON.stringify(record)}\n`
          : `${COLUMNS.map((c) => csvField(record[c])).join(',')}\n`;
      })
      .join('');
  }
}
