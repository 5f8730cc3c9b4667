// Scanning: how recent the last completed scan is, how many known hosts a recent scan covered,
// and how many scans finished rather than failed.
import { sql } from 'drizzle-orm';
import { one } from './query.ts';
import { type Collector, daysAgo, newest, percent, refs, shareOutcome } from './types.ts';

export const scanRecency: Collector = {
  id: 'scan_recency',
  version: '1.0.0',
  type: 'scan_result',
  title: 'Network scans run recently',
  coverage: 'automated',
  validDays: 7,
  requirements: refs(
    'soc2:CC7.1',
    'iso27001:A.8.8',
    'nist:ID.RA-01',
    'nist:DE.CM-01',
    'hipaa:164.308(a)(1)(ii)(A)',
    'gdpr:Art. 32',
  ),
  async collect({ db, organizationId, now }) {
    const r = await one<{ last: string | null; week: string; month: string }>(
      db,
      sql`select max(completed_at) as last,
            count(*) filter (where completed_at >= ${daysAgo(now, 7)}) as week,
            count(*) filter (where completed_at >= ${daysAgo(now, 30)}) as month
          from scans where organization_id = ${organizationId} and status = 'completed'`,
    );
    const week = Number(r.week);
    const month = Number(r.month);
    return {
      outcome: week > 0 ? 'satisfied' : month > 0 ? 'partial' : 'not_satisfied',
      observedAt: newest([r.last], now),
      summary: r.last
        ? `${week} completed scans in the last 7 days, ${month} in 30; the last ended ${new Date(r.last).toISOString()}`
        : 'No completed scan yet',
      metadata: { lastCompletedAt: r.last ? new Date(r.last).toISOString() : null, week, month },
    };
  },
};

export const scanCoverage: Collector = {
  id: 'scan_coverage',
  version: '1.0.0',
  type: 'asset_scan_coverage',
  title: 'Known hosts scanned in the last 30 days',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('soc2:CC7.1', 'iso27001:A.5.9', 'nist:ID.AM-01', 'nist:DE.CM-09'),
  async collect({ db, organizationId, now }) {
    const r = await one<{ known: string; covered: string; last: string | null }>(
      db,
      sql`select count(distinct h.address) as known,
            count(distinct h.address) filter (where s.completed_at >= ${daysAgo(now, 30)}) as covered,
            max(s.completed_at) as last
          from scan_hosts h join scans s on s.id = h.scan_id
          where s.organization_id = ${organizationId} and s.status = 'completed' and h.status = 'up'`,
    );
    const known = Number(r.known);
    const covered = Number(r.covered);
    return {
      outcome: known === 0 ? 'not_satisfied' : shareOutcome(covered, known),
      observedAt: newest([r.last], now),
      summary:
        known === 0
          ? 'No host found by any completed scan yet'
          : `${covered} of ${known} known hosts (${percent(covered, known)}%) scanned in the last 30 days`,
      metadata: { knownHosts: known, scannedIn30Days: covered, percent: percent(covered, known) },
    };
  },
};

export const scanReliability: Collector = {
  id: 'scan_reliability',
  version: '1.0.0',
  type: 'scan_reliability',
  title: 'Scans that completed rather than failed (30 days)',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('soc2:CC4.1', 'iso27001:9.1', 'nist:ID.IM-03'),
  async collect({ db, organizationId, now }) {
    const r = await one<{ completed: string; failed: string; last: string | null }>(
      db,
      sql`select count(*) filter (where status = 'completed') as completed,
            count(*) filter (where status = 'failed') as failed,
            max(coalesce(completed_at, created_at)) as last
          from scans where organization_id = ${organizationId} and created_at >= ${daysAgo(now, 30)}`,
    );
    const completed = Number(r.completed);
    const failed = Number(r.failed);
    const ended = completed + failed;
    return {
      outcome: ended === 0 ? 'not_satisfied' : failed === 0 ? 'satisfied' : 'partial',
      observedAt: newest([r.last], now),
      summary:
        ended === 0
          ? 'No scan ended in the last 30 days'
          : `${completed} of ${ended} scans ended in the last 30 days completed; ${failed} failed`,
      metadata: { completed, failed, percent: percent(completed, ended) },
    };
  },
};
