// Vulnerability management: open findings past their SLA by severity, the time to remediate, KEV
// findings left open, open critical findings, and findings that came back after a fix.
import { sql } from 'drizzle-orm';
import { mitigatedSql } from '../../vulnerabilities/vulnerabilities.repo.ts';
import { rows } from './query.ts';
import { type Collector, daysAgo, newest, refs } from './types.ts';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
type BySeverity = Record<(typeof SEVERITIES)[number], number>;

function bySeverity(list: { severity: string; n: string }[]): BySeverity {
  const out = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as BySeverity;
  for (const r of list) if (r.severity in out) out[r.severity as keyof BySeverity] = Number(r.n);
  return out;
}

const describe = (counts: BySeverity) =>
  SEVERITIES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');

export const vulnerabilitiesPastSla: Collector = {
  id: 'vulnerabilities_past_sla',
  version: '1.0.0',
  type: 'vulnerability_sla',
  title: 'Open vulnerabilities past their SLA',
  coverage: 'automated',
  validDays: 7,
  requirements: refs(
    'soc2:CC7.1',
    'iso27001:A.8.8',
    'nist:ID.RA-06',
    'hipaa:164.308(a)(1)(ii)(B)',
    'gdpr:Art. 32',
  ),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ severity: string; n: string; last: string | null }>(
      db,
      sql`select severity, count(*) as n, max(last_seen_at) as last from vulnerabilities
          where organization_id = ${organizationId} and state = 'open' and due_at < ${now}
            and not ${mitigatedSql}
          group by severity`,
    );
    const counts = bySeverity(list);
    const serious = counts.critical + counts.high;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      outcome: total === 0 ? 'satisfied' : serious > 0 ? 'not_satisfied' : 'partial',
      observedAt: now,
      summary:
        total === 0 ? 'No open vulnerability is past its SLA' : `Past SLA: ${describe(counts)}`,
      metadata: { pastSla: counts, total },
    };
  },
};

export const meanTimeToRemediate: Collector = {
  id: 'mean_time_to_remediate',
  version: '1.0.0',
  type: 'mttr',
  title: 'Mean time to remediate (fixed in the last 90 days)',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC7.4', 'iso27001:A.8.8', 'nist:RS.MI-02', 'nist:ID.RA-06'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{
      severity: string;
      n: string;
      hours: string;
      in_sla: string;
      last: string;
    }>(
      db,
      sql`select severity, count(*) as n,
            avg(extract(epoch from fixed_at - first_seen_at) / 3600) as hours,
            count(*) filter (where due_at is null or fixed_at <= due_at) as in_sla,
            max(fixed_at) as last
          from vulnerabilities
          where organization_id = ${organizationId} and state = 'fixed' and fixed_at >= ${daysAgo(now, 90)}
          group by severity`,
    );
    const fixed = list.reduce((a, r) => a + Number(r.n), 0);
    const inSla = list.reduce((a, r) => a + Number(r.in_sla), 0);
    const mttrHours = Object.fromEntries(
      list.map((r) => [r.severity, Math.round(Number(r.hours) * 10) / 10]),
    );
    const share = fixed === 0 ? 0 : inSla / fixed;
    return {
      outcome:
        fixed === 0
          ? 'partial'
          : share >= 0.9
            ? 'satisfied'
            : share >= 0.5
              ? 'partial'
              : 'not_satisfied',
      observedAt: newest(
        list.map((r) => r.last),
        now,
      ),
      summary:
        fixed === 0
          ? 'No vulnerability was fixed in the last 90 days: nothing to measure'
          : `${fixed} fixed in 90 days, ${inSla} within their SLA; mean hours by severity: ${Object.entries(
              mttrHours,
            )
              .map(([s, h]) => `${s} ${h}`)
              .join(', ')}`,
      metadata: { fixed, withinSla: inSla, mttrHours },
    };
  },
};

export const kevOpen: Collector = {
  id: 'kev_open',
  version: '1.0.0',
  type: 'kev_exposure',
  title: 'Known exploited vulnerabilities (CISA KEV) left open',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('soc2:CC7.1', 'iso27001:A.5.7', 'nist:ID.RA-02', 'nist:ID.RA-01'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ cve_id: string; n: string }>(
      db,
      sql`select v.cve_id, count(*) as n from vulnerabilities v join kev_entries k on k.cve_id = v.cve_id
          where v.organization_id = ${organizationId} and v.state = 'open'
          group by v.cve_id order by v.cve_id limit 200`,
    );
    const open = list.reduce((a, r) => a + Number(r.n), 0);
    return {
      outcome: open === 0 ? 'satisfied' : 'not_satisfied',
      observedAt: now,
      summary:
        open === 0
          ? 'No open finding is in the KEV catalogue'
          : `${open} open findings of ${list.length} KEV CVEs: ${list
              .slice(0, 10)
              .map((r) => r.cve_id)
              .join(', ')}`,
      metadata: { openFindings: open, cves: list.map((r) => r.cve_id) },
    };
  },
};

export const openBySeverity: Collector = {
  id: 'open_vulnerabilities',
  version: '1.0.0',
  type: 'open_vulnerabilities',
  title: 'Open vulnerabilities by severity',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('soc2:CC7.1', 'soc2:CC3.2', 'nist:ID.RA-05', 'iso27001:8.2'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ severity: string; n: string }>(
      db,
      sql`select severity, count(*) as n from vulnerabilities
          where organization_id = ${organizationId} and state = 'open' and not ${mitigatedSql}
          group by severity`,
    );
    const counts = bySeverity(list);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      outcome: counts.critical > 0 ? 'not_satisfied' : counts.high > 0 ? 'partial' : 'satisfied',
      observedAt: now,
      summary: total === 0 ? 'No open vulnerability' : `Open: ${describe(counts)}`,
      metadata: { open: counts, total },
    };
  },
};

export const reopenedFindings: Collector = {
  id: 'reopened_findings',
  version: '1.0.0',
  type: 'regressions',
  title: 'Fixed findings that came back (90 days)',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC8.1', 'nist:ID.IM-03', 'iso27001:10.2'),
  async collect({ db, organizationId, now }) {
    const [r] = await rows<{ n: string; last: string | null }>(
      db,
      sql`select count(*) as n, max(reopened_at) as last from vulnerabilities
          where organization_id = ${organizationId} and reopened_at >= ${daysAgo(now, 90)}`,
    );
    const reopened = Number(r?.n ?? 0);
    return {
      outcome: reopened === 0 ? 'satisfied' : 'partial',
      observedAt: newest([r?.last], now),
      summary:
        reopened === 0
          ? 'No fixed finding reopened in the last 90 days'
          : `${reopened} findings reopened after a fix in the last 90 days`,
      metadata: { reopened },
    };
  },
};
