import { z } from 'zod';
import { SECURITY_EVENT_TYPES, SEVERITIES } from './security-events.ts';
import { textField } from './text-field.ts';
import { ZUuid } from './validation.ts';

/** An incident is open, then investigating, then resolved (reopening is allowed). */
export const INCIDENT_STATUSES = ['open', 'investigating', 'resolved'] as const;
export const ZIncidentStatus = z.enum(INCIDENT_STATUSES, {
  error: 'Status must be open, investigating or resolved',
});
export type TIncidentStatus = z.infer<typeof ZIncidentStatus>;

/**
 * The anomaly rules that open incidents (spec part 2 §9): more than 5 failed auth attempts in 24 h
 * against one account, more than 50 events in 5 minutes from one user (or, for events without a
 * user, one organization).
 */
export const INCIDENT_RULES = ['failed_auth', 'event_burst'] as const;
export type TIncidentRule = (typeof INCIDENT_RULES)[number];
export const ANOMALY_LIMITS = {
  failedAuth: { moreThan: 5, windowMs: 24 * 60 * 60 * 1000 },
  eventBurst: { moreThan: 50, windowMs: 5 * 60 * 1000 },
} as const;

/** How many incidents the list shows unless asked (spec: the 10 newest). */
export const INCIDENT_LIST_DEFAULT = 10;
/** At most this many incidents can be merged into one at once. */
export const INCIDENT_MERGE_MAX = 50;

export const INCIDENT_TEXT = {
  notFound: 'Security incident not found',
  assigneeNotMember: 'The assignee must be a member of this organization',
  mergeSelf: 'An incident cannot be merged into itself',
  mergeMissing: 'Some of the incidents to merge were not found',
  alreadyMerged: 'This incident was merged into another one and can no longer change',
  empty: 'No active security incidents',
  nothingToChange: 'Give a status or an assignee to change',
} as const;

const ZPerson = z.object({
  user_id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
});
export type TIncidentPerson = z.infer<typeof ZPerson>;

export const ZIncident = z.object({
  id: z.uuid(),
  title: z.string(),
  severity: z.enum(SEVERITIES),
  status: ZIncidentStatus,
  rule: z.enum(INCIDENT_RULES),
  /** What the rule counted: a user id, an account e-mail or an organization id. */
  subject: z.string(),
  assignee: ZPerson.nullable(),
  /** Set when the incident was merged into another one. */
  merged_into: z.uuid().nullable(),
  event_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TIncident = z.infer<typeof ZIncident>;

export const ZIncidentList = z.object({ incidents: z.array(ZIncident) });
export type TIncidentList = z.infer<typeof ZIncidentList>;

export const ZIncidentListQuery = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(INCIDENT_LIST_DEFAULT),
  status: ZIncidentStatus.optional(),
});
export type TIncidentListQuery = z.infer<typeof ZIncidentListQuery>;

export const ZIncidentParams = z.object({ id: ZUuid });

export const ZIncidentEvent = z.object({
  id: z.uuid(),
  event_type: z.enum(SECURITY_EVENT_TYPES),
  severity: z.enum(SEVERITIES),
  description: z.string(),
  user_id: z.uuid().nullable(),
  ip_address: z.string().nullable(),
  risk_score: z.number().nullable(),
  created_at: z.string(),
});
export type TIncidentEvent = z.infer<typeof ZIncidentEvent>;

export const ZIncidentNote = z.object({
  id: z.uuid(),
  author: ZPerson.nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type TIncidentNote = z.infer<typeof ZIncidentNote>;

/** One status change: who (null: the anomaly rules) and when. */
export const ZIncidentStatusChange = z.object({
  status: ZIncidentStatus,
  changed_by: ZPerson.nullable(),
  changed_at: z.string(),
});
export type TIncidentStatusChange = z.infer<typeof ZIncidentStatusChange>;

export const ZIncidentDetail = ZIncident.extend({
  events: z.array(ZIncidentEvent),
  notes: z.array(ZIncidentNote),
  history: z.array(ZIncidentStatusChange),
});
export type TIncidentDetail = z.infer<typeof ZIncidentDetail>;

export const ZIncidentPatchBody = z
  .object({
    status: ZIncidentStatus.optional(),
    /** null unassigns. */
    assignee_id: ZUuid.nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignee_id !== undefined, {
    message: INCIDENT_TEXT.nothingToChange,
  });
export type TIncidentPatchBody = z.infer<typeof ZIncidentPatchBody>;

export const ZIncidentNoteBody = z.object({
  text: textField()
    .trim()
    .min(1, 'Note text required')
    .max(5000, 'Note too long (at most 5000 characters)'),
});
export type TIncidentNoteBody = z.infer<typeof ZIncidentNoteBody>;

export const ZIncidentMergeBody = z.object({
  targetId: ZUuid,
  sourceIds: z
    .array(ZUuid)
    .min(1, 'Choose at least one incident to merge')
    .max(INCIDENT_MERGE_MAX, `At most ${INCIDENT_MERGE_MAX} incidents can be merged at once`),
});
export type TIncidentMergeBody = z.infer<typeof ZIncidentMergeBody>;

/** An organization member an incident can be assigned to. */
export const ZIncidentAssignees = z.object({ assignees: z.array(ZPerson) });
