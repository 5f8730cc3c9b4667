import { INCIDENT_RULES, INCIDENT_STATUSES } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';
import { eventSeverityEnum } from './security.ts';

export const incidentStatusEnum = pgEnum('incident_status', INCIDENT_STATUSES);
export const incidentRuleEnum = pgEnum('incident_rule', INCIDENT_RULES);

const incidentRef = () =>
  uuid('incident_id')
    .notNull()
    .references((): AnyPgColumn => securityIncidents.id, { onDelete: 'cascade' });
const personRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

/**
 * An incident opened by an anomaly rule (modules/incidents/anomaly-rules.ts) for one subject;
 * while it is active (not resolved, not merged) the rule's further matching events attach to it,
 * which the partial unique index guarantees even when two sweeps race.
 */
export const securityIncidents = pgTable(
  'security_incidents',
  {
    id: id(),
    organizationId: orgRef(),
    title: text('title').notNull(),
    severity: eventSeverityEnum('severity').notNull(),
    status: incidentStatusEnum('status').notNull().default('open'),
    rule: incidentRuleEnum('rule').notNull(),
    /** What the rule counted: a user id, an account e-mail or the organization id. */
    subject: text('subject').notNull(),
    assigneeId: personRef('assignee_id'),
    mergedInto: uuid('merged_into').references((): AnyPgColumn => securityIncidents.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('security_incidents_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('security_incidents_active_uq')
      .on(t.organizationId, t.rule, t.subject)
      .where(sql`${t.status} <> 'resolved' and ${t.mergedInto} is null`),
  ],
);

/** The security events of an incident's timeline. */
export const incidentEvents = pgTable(
  'incident_events',
  {
    incidentId: incidentRef(),
    /** security_events.id; no foreign key: the append-only events table takes none (see below). */
    eventId: uuid('event_id').notNull(),
    organizationId: orgRef(),
    addedAt: tstz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.eventId] }),
    index('incident_events_event_idx').on(t.eventId),
  ],
);

export const incidentNotes = pgTable(
  'incident_notes',
  {
    id: id(),
    incidentId: incidentRef(),
    organizationId: orgRef(),
    authorId: personRef('author_id'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('incident_notes_incident_idx').on(t.incidentId)],
);

/** Every status an incident took: who (null: the anomaly rule that opened it) and when. */
export const incidentStatusChanges = pgTable(
  'incident_status_changes',
  {
    id: id(),
    incidentId: incidentRef(),
    organizationId: orgRef(),
    status: incidentStatusEnum('status').notNull(),
    changedBy: personRef('changed_by'),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('incident_status_changes_incident_idx').on(t.incidentId)],
);

/**
 * Where the anomaly rules stopped reading each organization's event chain (its seq), so every
 * event is evaluated once, across restarts and instances.
 */
export const incidentRuleCursors = pgTable('incident_rule_cursors', {
  organizationId: orgRef().primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Outbox of critical events to alert on, written in the transaction that appends the event;
 * a sender claims a row (claimed_at) and marks it sent, so each alert goes out once.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    /**
     * security_events.id. Not a foreign key, like incident_events.event_id: a reference would make
     * PostgreSQL refuse a TRUNCATE of security_events for the reference instead of the table's
     * append-only trigger; events are never deleted, so no row can dangle.
     */
    eventId: uuid('event_id').primaryKey(),
    organizationId: orgRef(),
    createdAt: createdAt(),
    claimedAt: tstz('claimed_at'),
    sentAt: tstz('sent_at'),
  },
  (t) => [index('security_alerts_pending_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);
