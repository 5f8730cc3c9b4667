import type { TIncidentListQuery } from '@netguard/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  incidentEvents,
  incidentNotes,
  incidentStatusChanges,
  profiles,
  securityEvents,
  securityIncidents,
  userRoles,
  users,
} from '../../db/schema.ts';

const assignee = alias(users, 'assignee');
const assigneeProfile = alias(profiles, 'assignee_profile');

const eventCount = sql<number>`(select count(*)::int from ${incidentEvents} ie where ie.incident_id = ${securityIncidents.id})`;

const incidentColumns = {
  id: securityIncidents.id,
  title: securityIncidents.title,
  severity: securityIncidents.severity,
  status: securityIncidents.status,
  rule: securityIncidents.rule,
  subject: securityIncidents.subject,
  mergedInto: securityIncidents.mergedInto,
  createdAt: securityIncidents.createdAt,
  updatedAt: securityIncidents.updatedAt,
  assigneeId: assignee.id,
  assigneeEmail: assignee.email,
  assigneeUsername: assigneeProfile.username,
  eventCount,
};
export type IncidentRow = Awaited<ReturnType<typeof listIncidents>>[number];

function selectIncidents(db: Executor) {
  return db
    .select(incidentColumns)
    .from(securityIncidents)
    .leftJoin(assignee, eq(assignee.id, securityIncidents.assigneeId))
    .leftJoin(assigneeProfile, eq(assigneeProfile.userId, assignee.id));
}

/** Newest first; merged incidents live on in their target and are left out. */
export function listIncidents(db: Executor, organizationId: string, query: TIncidentListQuery) {
  return selectIncidents(db)
    .where(
      and(
        eq(securityIncidents.organizationId, organizationId),
        isNull(securityIncidents.mergedInto),
        query.status ? eq(securityIncidents.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(securityIncidents.createdAt), desc(securityIncidents.id))
    .limit(query.limit);
}

export async function findIncident(db: Executor, organizationId: string, id: string) {
  const [row] = await selectIncidents(db).where(
    and(eq(securityIncidents.organizationId, organizationId), eq(securityIncidents.id, id)),
  );
  return row ?? null;
}

/** The incidents among `ids` of the organization, locked for a change. */
export function lockIncidents(tx: Executor, organizationId: string, ids: string[]) {
  return tx
    .select({ id: securityIncidents.id, mergedInto: securityIncidents.mergedInto })
    .from(securityIncidents)
    .where(
      and(eq(securityIncidents.organizationId, organizationId), inArray(securityIncidents.id, ids)),
    )
    .for('update');
}

export function timeline(db: Executor, incidentId: string) {
  return db
    .select({
      id: securityEvents.id,
      eventType: securityEvents.eventType,
      severity: securityEvents.severity,
      description: securityEvents.description,
      userId: securityEvents.userId,
      ipAddress: securityEvents.ipAddress,
      metadata: securityEvents.metadata,
      createdAt: securityEvents.createdAt,
    })
    .from(incidentEvents)
    .innerJoin(securityEvents, eq(securityEvents.id, incidentEvents.eventId))
    .where(eq(incidentEvents.incidentId, incidentId))
    .orderBy(asc(securityEvents.createdAt), asc(securityEvents.seq));
}

const person = {
  userId: users.id,
  email: users.email,
  username: profiles.username,
};

export function notes(db: Executor, incidentId: string) {
  return db
    .select({
      id: incidentNotes.id,
      text: incidentNotes.text,
      createdAt: incidentNotes.createdAt,
      ...person,
    })
    .from(incidentNotes)
    .leftJoin(users, eq(users.id, incidentNotes.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(incidentNotes.incidentId, incidentId))
    .orderBy(asc(incidentNotes.createdAt), asc(incidentNotes.id));
}

export function statusHistory(db: Executor, incidentId: string) {
  return db
    .select({
      status: incidentStatusChanges.status,
      changedAt: incidentStatusChanges.changedAt,
      ...person,
    })
    .from(incidentStatusChanges)
    .leftJoin(users, eq(users.id, incidentStatusChanges.changedBy))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(incidentStatusChanges.incidentId, incidentId))
    .orderBy(asc(incidentStatusChanges.changedAt), asc(incidentStatusChanges.id));
}

/** Members of the organization, who incidents can be assigned to. */
export function members(db: Executor, organizationId: string) {
  return db
    .select(person)
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(userRoles.organizationId, organizationId))
    .orderBy(asc(users.email));
}

export async function isMember(db: Executor, organizationId: string, userId: string) {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.organizationId, organizationId), eq(userRoles.userId, userId)));
  return row !== undefined;
}
