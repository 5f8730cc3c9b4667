// What verifying an execution re-runs, and where: the finding's check (else the action's
// validation checks) on the execution's target; for an action that changes a server's whole
// configuration (coversEveryPort: nginx, Apache) on every port of the host where the same check
// reported the finding, since the fix acts on them all. Each result is kept as evidence.
import { setTimeout as delay } from 'node:timers/promises';
import type { Verification } from '@netguard/remediation';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remediationVerifications, vulnerabilities } from '../../db/schema.ts';
import type { Driver } from './remediation.driver.ts';
import type { ExecutionRow } from './remediation.repo.ts';
import { findAction } from './remediation.view.ts';

/** Tries of a check after an apply or a rollback, SETTLE_MS apart, before its result counts. */
const SETTLE_TRIES = 4;
const SETTLE_MS = 1_000;

/** One check on one target: the finding it stands for (null: the action's own check). */
export type CheckTarget = {
  checkId: string;
  target: string;
  port: number | undefined;
  vulnerabilityId: string | null;
};
export type CheckResult = CheckTarget & { verification: Verification };

const portOf = (row: ExecutionRow) => (row.params as { port?: number }).port;

/** The other open findings of the execution's check on its host (other ports), for the apply. */
async function otherPorts(db: Executor, row: ExecutionRow, checkId: string) {
  const v = vulnerabilities;
  const rows = await db
    .select({ id: v.id, port: v.port })
    .from(v)
    .where(
      and(
        eq(v.organizationId, row.organizationId),
        eq(v.host, row.lockKey),
        eq(v.checkId, checkId),
        eq(v.state, 'open'),
        isNotNull(v.port),
        ...(row.vulnerabilityId ? [ne(v.id, row.vulnerabilityId)] : []),
      ),
    )
    .orderBy(v.port);
  const own = portOf(row);
  const seen = new Set<number>(own === undefined ? [] : [own]);
  return rows.flatMap((r) => {
    const port = r.port as number;
    if (seen.has(port)) return [];
    seen.add(port);
    return [{ checkId, target: `${row.lockKey}:${port}`, port, vulnerabilityId: r.id }];
  });
}

/** The targets the apply verified, for the rollback to check again. */
async function verifiedTargets(db: Executor, row: ExecutionRow): Promise<CheckTarget[]> {
  const r = remediationVerifications;
  const rows = await db
    .selectDistinct({ checkId: r.checkId, target: r.target, vulnerabilityId: r.vulnerabilityId })
    .from(r)
    .where(and(eq(r.executionId, row.id), eq(r.phase, 'apply')))
    .orderBy(r.target);
  return rows.map((t) => {
    const port = Number(t.target.slice(t.target.lastIndexOf(':') + 1));
    return { ...t, port: Number.isInteger(port) && port > 0 ? port : portOf(row) };
  });
}

/** Where the phase re-runs which check. */
export async function checkTargets(
  db: Executor,
  row: ExecutionRow,
  phase: 'apply' | 'rollback',
): Promise<CheckTarget[]> {
  const action = findAction(row.actionId);
  const checks = row.checkId ? [row.checkId] : (action?.validationChecks ?? []);
  const own = checks.map((checkId) => ({
    checkId,
    target: row.target,
    port: portOf(row),
    vulnerabilityId: row.checkId ? row.vulnerabilityId : null,
  }));
  if (!action?.coversEveryPort || !row.checkId || !row.hostId) return own;
  if (phase === 'rollback') {
    const applied = await verifiedTargets(db, row);
    return applied.length ? applied : own;
  }
  return [...own, ...(await otherPorts(db, row, row.checkId))];
}

/** Re-runs each check where it belongs and keeps every result as evidence. */
export async function runChecks(
  db: Executor,
  row: ExecutionRow,
  driver: Driver,
  phase: 'apply' | 'rollback',
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const t of await checkTargets(db, row, phase)) {
    // A reloaded service takes a moment to answer with its new configuration (old nginx workers
    // finish their connections, a restarted daemon binds again): the check is given a few tries
    // to see what it expects, and the last result is what counts.
    const expected = phase === 'apply';
    let v = await driver.verify(t.checkId, t.port);
    for (let i = 1; i < SETTLE_TRIES && v.fixed !== expected; i++) {
      await delay(SETTLE_MS);
      v = await driver.verify(t.checkId, t.port);
    }
    results.push({ ...t, verification: v });
    await db.insert(remediationVerifications).values({
      organizationId: row.organizationId,
      executionId: row.id,
      vulnerabilityId: t.vulnerabilityId ?? row.vulnerabilityId,
      phase,
      checkId: v.checkId,
      target: t.target,
      fixed: v.fixed,
      evidence: v.evidence,
      checkedAt: new Date(v.at),
    });
  }
  return results;
}

/** The execution's verification: fixed only when every check on every target is. */
export const combine = (results: CheckResult[]): Verification => ({
  checkId: [...new Set(results.map((r) => r.verification.checkId))].join(', '),
  fixed: results.length > 0 && results.every((r) => r.verification.fixed),
  evidence:
    results
      .map((r) => `${r.verification.checkId} on ${r.target}: ${r.verification.evidence}`)
      .join('\n') || 'no check to run',
  at: results.at(-1)?.verification.at ?? new Date().toISOString(),
});

/** The findings the results stand for, by whether their check still reports them. */
export const findingsOf = (results: CheckResult[], fixed: boolean) => [
  ...new Set(
    results.flatMap((r) =>
      r.vulnerabilityId && r.verification.fixed === fixed ? [r.vulnerabilityId] : [],
    ),
  ),
];
