import {
  INCIDENT_TEXT as T,
  type TIncident,
  type TIncidentDetail,
  type TIncidentListQuery,
  type TIncidentMergeBody,
  type TIncidentNote,
  type TIncidentPatchBody,
} from '@netguard/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  incidentEvents,
  incidentNotes,
  incidentStatusChanges,
  securityIncidents,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import * as repo from './incidents.repo.ts';
import { toIncident, toIncidentEvent, toPerson } from './incidents.view.ts';

const notFound = () => new AppError('not_found', 404, T.notFound);
const merged = () => new AppError('conflict', 409, T.alreadyMerged);

/**
 * Security incidents of the caller's organization: list, detail with timeline, notes and status
 * history, status and assignee changes (who and when kept), notes, and merging several into one.
 */
export function createIncidentService({ db }: { db: Executor }) {
  async function get(auth: AuthContext, id: string): Promise<TIncident> {
    const row = await repo.findIncident(db, auth.organizationId, id);
    if (!row) throw notFound();
    return toIncident(row);
  }

  /** The locked incident of the organization that is not merged away. */
  async function lockLive(tx: Executor, auth: AuthContext, id: string) {
    const [row] = await repo.lockIncidents(tx, auth.organizationId, [id]);
    if (!row) throw notFound();
    if (row.mergedInto) throw merged();
    return row;
  }

  return {
    async list(auth: AuthContext, query: TIncidentListQuery): Promise<TIncident[]> {
      return (await repo.listIncidents(db, auth.organizationId, query)).map(toIncident);
    },

    get,

    async detail(auth: AuthContext, id: string): Promise<TIncidentDetail> {
      const incident = await get(auth, id);
      // One after the other: inside a request they share one transaction's connection.
      const events = await repo.timeline(db, id);
      const notes = await repo.notes(db, id);
      const history = await repo.statusHistory(db, id);
      return {
        ...incident,
        events: events.map(toIncidentEvent),
        notes: notes.map((n) => ({
          id: n.id,
          text: n.text,
          author: toPerson(n),
          created_at: n.createdAt.toISOString(),
        })),
        history: history.map((h) => ({
          status: h.status,
          changed_by: toPerson(h),
          changed_at: h.changedAt.toISOString(),
        })),
      };
    },

    async assignees(auth: AuthContext) {
      const rows = await repo.members(db, auth.organizationId);
      return rows.flatMap((r) => toPerson(r) ?? []);
    },

    async update(auth: AuthContext, id: string, body: TIncidentPatchBody): Promise<TIncident> {
      await db.transaction(async (tx) => {
        await lockLive(tx, auth, id);
        const [current] = await tx
          .select()
          .from(securityIncidents)
          .where(eq(securityIncidents.id, id));
        if (!current) throw notFound();
        const now = new Date();
        if (body.assignee_id) {
          if (!(await repo.isMember(tx, auth.organizationId, body.assignee_id)))
            throw new AppError('validation_error', 400, T.assigneeNotMember);
        }
        const statusChanges = body.status !== undefined && body.status !== current.status;
        if (statusChanges && current.status === 'resolved') await assertNoTwin(tx, current);
        await tx
          .update(securityIncidents)
          .set({
            ...(statusChanges ? { status: body.status } : {}),
            ...(body.assignee_id !== undefined ? { assigneeId: body.assignee_id } : {}),
            updatedAt: now,
          })
          .where(eq(securityIncidents.id, id));
        if (statusChanges && body.status)
          await tx.insert(incidentStatusChanges).values({
            incidentId: id,
            organizationId: auth.organizationId,
            status: body.status,
            changedBy: auth.userId,
            changedAt: now,
          });
      });
      return get(auth, id);
    },

    async addNote(auth: AuthContext, id: string, text: string): Promise<TIncidentNote> {
      const note = await db.transaction(async (tx) => {
        await lockLive(tx, auth, id);
        const [row] = await tx
          .insert(incidentNotes)
          .values({
            incidentId: id,
            organizationId: auth.organizationId,
            authorId: auth.userId,
            text,
          })
          .returning();
        await tx
          .update(securityIncidents)
          .set({ updatedAt: new Date() })
          .where(eq(securityIncidents.id, id));
        return row;
      });
      if (!note) throw new Error('note insert returned nothing');
      const [author] = await repo
        .members(db, auth.organizationId)
        .then((m) => m.filter((p) => p.userId === auth.userId));
      return {
        id: note.id,
        text: note.text,
        author: author ? toPerson(author) : null,
        created_at: note.createdAt.toISOString(),
      };
    },

    /** Sources are marked merged into the target; their events and notes move to it. */
    async merge(auth: AuthContext, body: TIncidentMergeBody): Promise<TIncident> {
      const sources = [...new Set(body.sourceIds)];
      if (sources.includes(body.targetId)) throw new AppError('validation_error', 400, T.mergeSelf);
      await db.transaction(async (tx) => {
        const ids = [body.targetId, ...sources];
        const rows = await repo.lockIncidents(tx, auth.organizationId, ids);
        if (!rows.some((r) => r.id === body.targetId)) throw notFound();
        if (rows.length !== ids.length) throw new AppError('not_found', 404, T.mergeMissing);
        if (rows.some((r) => r.mergedInto)) throw merged();
        const now = new Date();
        await tx.execute(sql`
          insert into incident_events (incident_id, event_id, organization_id, added_at)
          select ${body.targetId}::uuid, event_id, organization_id, added_at
            from incident_events where incident_id in ${sql`(${sql.join(
              sources.map((s) => sql`${s}::uuid`),
              sql`, `,
            )})`}
          on conflict do nothing`);
        await tx.delete(incidentEvents).where(inArray(incidentEvents.incidentId, sources));
        await tx
          .update(incidentNotes)
          .set({ incidentId: body.targetId })
          .where(inArray(incidentNotes.incidentId, sources));
        const severities = await tx
          .select({ severity: securityIncidents.severity })
          .from(securityIncidents)
          .where(inArray(securityIncidents.id, ids));
        const worst = severities
          .map((s) => s.severity)
          .sort(bySeverity)
          .at(-1);
        await tx
          .update(securityIncidents)
          .set({ mergedInto: body.targetId, status: 'resolved', updatedAt: now })
          .where(inArray(securityIncidents.id, sources));
        await tx
          .update(securityIncidents)
          .set({ ...(worst ? { severity: worst } : {}), updatedAt: now })
          .where(eq(securityIncidents.id, body.targetId));
        await tx.insert(incidentStatusChanges).values(
          sources.map((incidentId) => ({
            incidentId,
            organizationId: auth.organizationId,
            status: 'resolved' as const,
            changedBy: auth.userId,
            changedAt: now,
          })),
        );
      });
      return get(auth, body.targetId);
    },
  };
}

const ORDER = ['low', 'medium', 'high', 'critical'];
const bySeverity = (a: string, b: string) => ORDER.indexOf(a) - ORDER.indexOf(b);

/** Reopening must not make two active incidents of one rule and subject (the rules feed one). */
async function assertNoTwin(
  tx: Executor,
  incident: { id: string; organizationId: string; rule: string; subject: string },
) {
  const [twin] = await tx
    .select({ id: securityIncidents.id })
    .from(securityIncidents)
    .where(
      and(
        eq(securityIncidents.organizationId, incident.organizationId),
        eq(securityIncidents.rule, incident.rule as 'failed_auth'),
        eq(securityIncidents.subject, incident.subject),
        ne(securityIncidents.status, 'resolved'),
        sql`${securityIncidents.mergedInto} is null`,
        ne(securityIncidents.id, incident.id),
      ),
    );
  if (twin)
    throw new AppError(
      'conflict',
      409,
      `Another incident for the same rule and subject is already active (${twin.id}): merge this one into it instead`,
    );
}

export type IncidentService = ReturnType<typeof createIncidentService>;
