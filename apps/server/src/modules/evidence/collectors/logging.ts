// Logging and monitoring: the security event chain verifies, events are being recorded, sign-in
// attempts are logged, and the evidence ledger's own chain holds.
import { verifyChain as verifyLedger } from '@netguard/evidence';
import { sql } from 'drizzle-orm';
import { verifySecurityEvents } from '../../audit/security-events.ts';
import { readLedger } from '../evidence.ledger.ts';
import { one } from './query.ts';
import { type Collector, daysAgo, newest, refs } from './types.ts';

export const eventChain: Collector = {
  id: 'event_chain',
  version: '1.0.0',
  type: 'log_integrity',
  title: 'Security event log hash chain verifies',
  coverage: 'automated',
  validDays: 7,
  requirements: refs(
    'soc2:CC7.2',
    'iso27001:A.8.15',
    'nist:PR.PS-04',
    'hipaa:164.312(b)',
    'hipaa:164.312(c)(1)',
  ),
  async collect({ db, organizationId, now }) {
    const report = await verifySecurityEvents(db, { organizationId });
    const chain = report.chains[0];
    const broken = chain?.broken;
    return {
      outcome: !chain ? 'partial' : broken ? 'not_satisfied' : 'satisfied',
      observedAt: now,
      summary: !chain
        ? 'No security event recorded yet'
        : broken
          ? `The chain breaks at seq ${broken.seq}: ${broken.reason}`
          : `${chain.events} chained events verify`,
      metadata: { events: chain?.events ?? 0, brokenAtSeq: broken?.seq ?? null },
    };
  },
};

export const eventLogging: Collector = {
  id: 'event_logging',
  version: '1.0.0',
  type: 'event_logging',
  title: 'Security events recorded (7 days)',
  coverage: 'automated',
  validDays: 7,
  requirements: refs(
    'soc2:CC7.2',
    'iso27001:A.8.16',
    'nist:DE.CM-03',
    'hipaa:164.308(a)(1)(ii)(D)',
  ),
  async collect({ db, organizationId, now }) {
    const r = await one<{ n: string; last: string | null; types: string }>(
      db,
      sql`select count(*) as n, max(created_at) as last, count(distinct event_type) as types
          from security_events where organization_id = ${organizationId} and created_at >= ${daysAgo(now, 7)}`,
    );
    const events = Number(r.n);
    return {
      outcome: events > 0 ? 'satisfied' : 'not_satisfied',
      observedAt: newest([r.last], now),
      summary: `${events} security events of ${r.types} types recorded in the last 7 days`,
      metadata: { events, types: Number(r.types) },
    };
  },
};

export const loginMonitoring: Collector = {
  id: 'login_monitoring',
  version: '1.0.0',
  type: 'login_monitoring',
  title: 'Sign-in attempts logged and failed ones watched (30 days)',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('hipaa:164.308(a)(5)(ii)(C)', 'nist:DE.CM-03', 'soc2:CC7.2'),
  async collect({ db, organizationId, now }) {
    const r = await one<{
      attempts: string;
      failed: string;
      incidents: string;
      last: string | null;
    }>(
      db,
      sql`select count(*) filter (where event_type = 'auth_attempt') as attempts,
            count(*) filter (where event_type = 'auth_attempt' and severity <> 'low') as failed,
            (select count(*) from security_incidents i where i.organization_id = ${organizationId}
               and i.rule = 'failed_auth' and i.created_at >= ${daysAgo(now, 30)}) as incidents,
            max(created_at) filter (where event_type = 'auth_attempt') as last
          from security_events where organization_id = ${organizationId} and created_at >= ${daysAgo(now, 30)}`,
    );
    const attempts = Number(r.attempts);
    return {
      outcome: attempts > 0 ? 'satisfied' : 'not_satisfied',
      observedAt: newest([r.last], now),
      summary: `${attempts} sign-in events logged in 30 days (${r.failed} not low severity); ${r.incidents} failed-sign-in incidents opened`,
      metadata: { attempts, flagged: Number(r.failed), incidents: Number(r.incidents) },
    };
  },
};

export const evidenceLedgerChain: Collector = {
  id: 'evidence_ledger',
  version: '1.0.0',
  type: 'evidence_integrity',
  title: 'Evidence ledger hash chain verifies',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('iso27001:A.5.28', 'iso27001:A.5.33', 'nist:RS.AN-07'),
  async collect({ db, organizationId, now }) {
    const ledger = await readLedger(db, organizationId);
    const result = verifyLedger(ledger);
    return {
      outcome: result.ok ? 'satisfied' : 'not_satisfied',
      observedAt: now,
      summary: result.ok
        ? `${ledger.length} ledger rows verify`
        : `The ledger breaks: ${result.first?.message ?? ''}`,
      metadata: { rows: ledger.length, firstBreak: result.first?.message ?? null },
    };
  },
};
