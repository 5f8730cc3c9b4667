// Change management through remediation: executions verified after the change, rollbacks that
// restored the state, and the four-eyes approval policy.
import { sql } from 'drizzle-orm';
import { rows } from './query.ts';
import { type Collector, daysAgo, newest, percent, refs } from './types.ts';

type Counts = { status: string; n: string; last: string };

const finished = (db: Parameters<Collector['collect']>[0]['db'], org: string, now: Date) =>
  rows<Counts>(
    db,
    sql`select status::text as status, count(*) as n, max(coalesce(finished_at, updated_at)) as last
        from remediation_executions
        where organization_id = ${org} and coalesce(finished_at, updated_at) >= ${daysAgo(now, 90)}
        group by status`,
  );
const countOf = (list: Counts[], status: string) =>
  Number(list.find((r) => r.status === status)?.n ?? 0);

export const remediationVerified: Collector = {
  id: 'remediation_verified',
  version: '1.0.0',
  type: 'remediation_verification',
  title: 'Remediation executions verified (90 days)',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC7.4', 'soc2:CC8.1', 'iso27001:A.8.32', 'nist:RS.MI-02'),
  async collect({ db, organizationId, now }) {
    const list = await finished(db, organizationId, now);
    const verified = countOf(list, 'verified');
    const failedVerification = countOf(list, 'failed_verification');
    const failed = countOf(list, 'failed');
    const ended = verified + failedVerification + failed + countOf(list, 'rolled_back');
    return {
      outcome:
        ended === 0 ? 'partial' : failedVerification + failed === 0 ? 'satisfied' : 'partial',
      observedAt: newest(
        list.map((r) => r.last),
        now,
      ),
      summary:
        ended === 0
          ? 'No remediation execution ended in the last 90 days'
          : `${verified} of ${ended} executions verified (${percent(verified, ended)}%); ${failedVerification} failed verification, ${failed} failed`,
      metadata: { ended, verified, failedVerification, failed },
    };
  },
};

export const remediationRollbacks: Collector = {
  id: 'remediation_rollbacks',
  version: '1.0.0',
  type: 'rollback_record',
  title: 'Changes rolled back and verified (90 days)',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC8.1', 'nist:RC.RP-02', 'iso27001:A.8.32'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{ n: string; checked: string; last: string | null }>(
      db,
      sql`select count(*) as n,
            count(*) filter (where exists (select 1 from remediation_verifications v
              where v.execution_id = e.id and v.phase = 'rollback')) as checked,
            max(e.finished_at) as last
          from remediation_executions e
          where e.organization_id = ${organizationId} and e.status = 'rolled_back'
            and coalesce(e.finished_at, e.updated_at) >= ${daysAgo(now, 90)}`,
    );
    const rolledBack = Number(list[0]?.n ?? 0);
    const checked = Number(list[0]?.checked ?? 0);
    return {
      outcome: checked === rolledBack ? 'satisfied' : 'partial',
      observedAt: newest([list[0]?.last], now),
      summary: `${rolledBack} changes rolled back in 90 days, ${checked} with a verification of the restored state`,
      metadata: { rolledBack, verifiedAfterRollback: checked },
    };
  },
};

export const fourEyes: Collector = {
  id: 'remediation_four_eyes',
  version: '1.0.0',
  type: 'change_approval_policy',
  title: 'Four-eyes approval of remediation changes',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC8.1', 'iso27001:A.5.3', 'iso27001:A.8.32'),
  async collect({ db, organizationId, now }) {
    const [p] = await rows<{ four_eyes: string; allow_auto_approve: boolean; updated_at: string }>(
      db,
      sql`select four_eyes, allow_auto_approve, updated_at from remediation_policies where organization_id = ${organizationId}`,
    );
    const level = p?.four_eyes ?? 'off';
    return {
      outcome: level === 'medium' ? 'satisfied' : level === 'high' ? 'partial' : 'not_satisfied',
      observedAt: newest([p?.updated_at], now),
      summary: `Four eyes: ${level === 'off' ? 'off' : `from ${level} risk`}; automatic approval ${p?.allow_auto_approve ? 'allowed' : 'not allowed'}`,
      metadata: { fourEyes: level, autoApprove: p?.allow_auto_approve ?? false },
    };
  },
};
