import {
  eventRiskScore,
  type TIncident,
  type TIncidentEvent,
  type TIncidentPerson,
} from '@netguard/contracts';
import type * as repo from './incidents.repo.ts';

type Person = { userId: string | null; email: string | null; username: string | null };

export const toPerson = (p: Person): TIncidentPerson | null =>
  p.userId && p.email ? { user_id: p.userId, email: p.email, username: p.username } : null;

export const toIncident = (row: repo.IncidentRow): TIncident => ({
  id: row.id,
  title: row.title,
  severity: row.severity,
  status: row.status,
  rule: row.rule,
  subject: row.subject,
  assignee: toPerson({
    userId: row.assigneeId,
    email: row.assigneeEmail,
    username: row.assigneeUsername,
  }),
  merged_into: row.mergedInto,
  event_count: row.eventCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

type EventRow = Awaited<ReturnType<typeof repo.timeline>>[number];

export const toIncidentEvent = (e: EventRow): TIncidentEvent => {
  const stored = (e.metadata as { riskScore?: unknown } | null)?.riskScore;
  return {
    id: e.id,
    event_type: e.eventType,
    severity: e.severity,
    description: e.description,
    user_id: e.userId,
    ip_address: e.ipAddress,
    risk_score: typeof stored === 'number' ? stored : eventRiskScore(e.eventType, e.severity),
    created_at: e.createdAt.toISOString(),
  };
};
