// Incident response: incidents resolved within their target time, and open incidents someone
// has taken (assigned or investigating). Targets follow the guide's severity targets (critical
// immediate: a day; high 48 hours; medium a week; low 30 days).
import { sql } from 'drizzle-orm';
import { rows } from './query.ts';
import { type Collector, daysAgo, newest, percent, refs, shareOutcome } from './types.ts';

export const INCIDENT_TARGET_HOURS: Record<string, number> = {
  critical: 24,
  high: 48,
  medium: 168,
  low: 720,
};

export const incidentsInTarget: Collector = {
  id: 'incidents_in_target',
  version: '1.0.0',
  type: 'incident_response_time',
  title: 'Incidents resolved within their target (90 days)',
  coverage: 'automated',
  validDays: 30,
  requirements: refs(
    'soc2:CC7.4',
    'soc2:CC7.5',
    'iso27001:A.5.26',
    'nist:RS.MA-01',
    'hipaa:164.308(a)(6)(ii)',
    'gdpr:Art. 33',
  ),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ severity: string; created_at: string; resolved_at: string | null }>(
      db,
      sql`select i.severity::text as severity, i.created_at,
            (select min(c.changed_at) from incident_status_changes c
              where c.incident_id = i.id and c.status = 'resolved') as resolved_at
          from security_incidents i
          where i.organization_id = ${organizationId} and i.merged_into is null
            and i.created_at >= ${daysAgo(now, 90)}`,
    );
    const late = list.filter((i) => {
      const target = (INCIDENT_TARGET_HOURS[i.severity] ?? 720) * 3_600_000;
      const end = i.resolved_at ? new Date(i.resolved_at).getTime() : now.getTime();
      return end - new Date(i.created_at).getTime() > target;
    });
    const resolved = list.filter((i) => i.resolved_at).length;
    const inTarget = list.length - late.length;
    return {
      outcome: shareOutcome(inTarget, list.length),
      observedAt: newest(
        list.map((i) => i.resolved_at ?? i.created_at),
        now,
      ),
      summary:
        list.length === 0
          ? 'No incident opened in the last 90 days'
          : `${inTarget} of ${list.length} incidents (${percent(inTarget, list.length)}%) resolved or open within target; ${resolved} resolved`,
      metadata: {
        incidents: list.length,
        resolved,
        withinTarget: inTarget,
        targetsHours: INCIDENT_TARGET_HOURS,
      },
    };
  },
};

export const incidentTriage: Collector = {
  id: 'incident_triage',
  version: '1.0.0',
  type: 'incident_triage',
  title: 'Open incidents assigned or under investigation',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('soc2:CC7.3', 'iso27001:A.5.25', 'nist:RS.MA-02', 'hipaa:164.308(a)(6)(i)'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ status: string; assignee_id: string | null; updated_at: string }>(
      db,
      sql`select status::text as status, assignee_id, updated_at from security_incidents
          where organization_id = ${organizationId} and merged_into is null and status <> 'resolved'`,
    );
    const taken = list.filter((i) => i.assignee_id || i.status === 'investigating').length;
    return {
      outcome: shareOutcome(taken, list.length),
      observedAt: newest(
        list.map((i) => i.updated_at),
        now,
      ),
      summary:
        list.length === 0
          ? 'No open incident'
          : `${taken} of ${list.length} open incidents are assigned or investigated`,
      metadata: { open: list.length, taken },
    };
  },
};
