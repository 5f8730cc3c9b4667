// Workflow templates (create-remediation-workflow): stored per organization and run every 30 s by
// the workers. A run proposes the best automatable action for each open finding the trigger
// takes (severity, KEV) that the workflow has not proposed for yet; without "require approval",
// fully automated actions are approved at once when the policy allows auto-approve.
import {
  needsSecondApprover,
  REMEDIATION_TEXT,
  type TRemediationWorkflow,
  type TRemediationWorkflowPatch,
  type TRemediationWorkflowTemplate,
  ZRemediationWorkflowTemplate,
} from '@netguard/contracts';
import { actionsForCheck } from '@netguard/remediation';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remediationExecutions, remediationWorkflows, vulnerabilities } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { proposeExecution } from './remediation.propose.ts';
import { readPolicy } from './remediation.repo.ts';

const w = remediationWorkflows;
type WorkflowRow = typeof w.$inferSelect;
/** Proposals one workflow makes per run at most. */
const PROPOSALS_PER_RUN = 20;

const notFound = () => new AppError('not_found', 404, REMEDIATION_TEXT.workflowNotFound);

async function toWorkflow(db: Executor, row: WorkflowRow): Promise<TRemediationWorkflow> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(remediationExecutions)
    .where(eq(remediationExecutions.workflowId, row.id));
  return {
    ...row.template,
    id: row.id,
    proposedCount: counted?.n ?? 0,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createWorkflowService(db: Executor) {
  const found = async (auth: AuthContext, id: string) => {
    const [row] = await db
      .select()
      .from(w)
      .where(and(eq(w.organizationId, auth.organizationId), eq(w.id, id)));
    if (!row) throw notFound();
    return row;
  };
  return {
    async list(auth: AuthContext) {
      const rows = await db
        .select()
        .from(w)
        .where(eq(w.organizationId, auth.organizationId))
        .orderBy(desc(w.createdAt));
      return { workflows: await Promise.all(rows.map((r) => toWorkflow(db, r))) };
    },
    async create(auth: AuthContext, template: TRemediationWorkflowTemplate) {
      const [row] = await db
        .insert(w)
        .values({
          organizationId: auth.organizationId,
          template: ZRemediationWorkflowTemplate.parse(template),
          createdBy: auth.userId,
        })
        .returning();
      return toWorkflow(db, row as WorkflowRow);
    },
    async update(auth: AuthContext, id: string, patch: TRemediationWorkflowPatch) {
      const row = await found(auth, id);
      const template = ZRemediationWorkflowTemplate.parse({ ...row.template, ...patch });
      const [updated] = await db.update(w).set({ template }).where(eq(w.id, row.id)).returning();
      return toWorkflow(db, updated as WorkflowRow);
    },
    async remove(auth: AuthContext, id: string) {
      const row = await found(auth, id);
      await db.delete(w).where(eq(w.id, row.id));
    },
  };
}

/** Open findings a workflow takes and has not proposed for. */
async function candidates(db: Executor, row: WorkflowRow) {
  const { trigger } = row.template;
  const v = vulnerabilities;
  return db
    .select()
    .from(v)
    .where(
      and(
        eq(v.organizationId, row.organizationId),
        eq(v.state, 'open'),
        sql`${v.checkId} is not null`,
        sql`${v.severity}::text in (select jsonb_array_elements_text(${JSON.stringify(trigger.severities)}::jsonb))`,
        trigger.kevOnly
          ? sql`exists (select 1 from kev_entries k where k.cve_id = ${v.cveId})`
          : undefined,
        sql`not exists (select 1 from remediation_executions e
                         where e.vulnerability_id = ${v.id} and e.workflow_id = ${row.id})`,
      ),
    )
    .orderBy(v.firstSeenAt)
    .limit(PROPOSALS_PER_RUN * 5);
}

/** Runs every enabled workflow once; returns how many executions were proposed. */
export async function runWorkflows(db: Executor): Promise<number> {
  const rows = await db.select().from(w).where(sql`(${w.template}->>'enabled')::boolean`);
  let proposed = 0;
  // Every worker process runs the workflows: one run of a workflow at a time (a transaction
  // lock), so the next sees what the last proposed and a finding is not proposed twice.
  for (const row of rows)
    proposed += await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`remediation-workflow:${row.id}`}))`,
      );
      return runWorkflow(tx, row);
    });
  return proposed;
}

async function runWorkflow(db: Executor, row: WorkflowRow): Promise<number> {
  const policy = await readPolicy(db, row.organizationId);
  let made = 0;
  for (const vuln of await candidates(db, row)) {
    if (made >= PROPOSALS_PER_RUN) break;
    const action = actionsForCheck(vuln.checkId ?? '').find(
      (a) => a.automationLevel !== 'manual_guided',
    );
    if (!action) continue;
    const auto =
      !row.template.requireApproval &&
      action.automationLevel === 'fully_automated' &&
      policy.allowAutoApprove &&
      // Four eyes: an action the policy wants a person to approve is never approved by none.
      !needsSecondApprover(policy.fourEyes, action.riskLevel);
    // A finding without a connection to its host (or cloud account) is skipped until one exists.
    const made1 = await proposeExecution(db, {
      organizationId: row.organizationId,
      vuln,
      action,
      by: null,
      autoApproved: auto,
      workflowId: row.id,
      note: `Proposed by the workflow "${row.template.name}"`,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 400) return null;
      throw error;
    });
    if (made1) made++;
  }
  await db.update(w).set({ lastRunAt: new Date() }).where(eq(w.id, row.id));
  return made;
}
