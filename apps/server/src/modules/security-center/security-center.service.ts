import {
  eventRiskScore,
  organizationRisk,
  type TAssessment,
  type TPlanFeature,
  type TSecurityEvent,
  type TSecurityEventList,
  type TSecurityEventsQuery,
  type TSecurityMetrics,
  type TSecurityPolicyBody,
  type TSecurityReportQuery,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { complianceStanding } from '../evidence/evidence.standing.ts';
import { openRiskedFindings } from '../risk/risk.findings.ts';
import { assessOrganization } from './assessment.ts';
import { readPolicies, savePolicies } from './policies.ts';
import { renderSecurityReportPdf, type SecurityReport } from './report.ts';
import * as repo from './security-center.repo.ts';

const EVENT_ROWS = 200;
const RANGE_DAYS = { '24h': 1, '7d': 7 } as const;

const toEvent = (row: repo.EventRow): TSecurityEvent => ({
  id: row.id,
  event_type: row.eventType,
  severity: row.severity,
  description: row.description,
  user_email: row.userEmail,
  ip_address: row.ipAddress,
  risk_score: eventRiskScore(row.eventType, row.severity),
  created_at: row.createdAt.toISOString(),
});

const countBy = (rows: { key: string; n: number }[]) =>
  rows.reduce<Record<string, number>>((acc, { key, n }) => {
    acc[key] = (acc[key] ?? 0) + n;
    return acc;
  }, {});

/**
 * The Enterprise Security Center of the caller's organization: metrics, events, the security
 * assessment (Run Security Scan), the report and the policies. Its compliance figures are the
 * compliance evidence module's framework statuses (evidence.standing.ts).
 */
const EVIDENCE = 'compliance_evidence' satisfies TPlanFeature;

type Deps = {
  db: Executor;
  /** Whether the organization's plan includes a feature (the subscription service's). */
  includes: (organizationId: string, feature: TPlanFeature) => Promise<boolean>;
};

export function createSecurityCenterService({ db, includes }: Deps) {
  async function lastAssessment(organizationId: string): Promise<TAssessment | null> {
    const found = await repo.findAssessment(db, organizationId);
    if (!found) return null;
    const a = found.assessment;
    return {
      id: a.id,
      ran_at: a.ranAt.toISOString(),
      ran_by: found.ranByEmail,
      issues: a.issues,
      risk_level: a.riskLevel as TAssessment['risk_level'],
    };
  }

  return {
    async metrics(auth: AuthContext): Promise<TSecurityMetrics> {
      const org = auth.organizationId;
      // One query at a time: in a request the handle is one transaction's connection.
      const events = await repo.countEvents(db, org, repo.since(1));
      const incidents = await repo.readIncidents(db, org, repo.since(1), 0);
      const compliance = await complianceStanding(db, org, await includes(org, EVIDENCE));
      const assessment = await lastAssessment(org);
      const live = assessment ? null : await assessOrganization(db, org);
      const findings = await openRiskedFindings(db, org);
      const risk = organizationRisk(findings, assessment?.issues ?? live?.issues ?? []);
      return {
        security_events: events.total,
        critical_alerts: {
          total: events.critical + incidents.openCritical,
          critical_events: events.critical,
          open_critical_incidents: incidents.openCritical,
        },
        compliance,
        risk_level: risk.level,
        risk_verdict: risk.verdict,
        risk_source: assessment ? 'assessment' : 'live',
        last_assessment: assessment,
      };
    },

    async events(auth: AuthContext, query: TSecurityEventsQuery): Promise<TSecurityEventList> {
      const page = await repo.listEvents(db, auth.organizationId, query);
      return { items: page.items.map(toEvent), total: page.total };
    },

    async event(auth: AuthContext, id: string): Promise<TSecurityEvent> {
      const row = await repo.findEvent(db, auth.organizationId, id);
      if (!row) throw new AppError('not_found', 404, 'Security event not found');
      return toEvent(row);
    },

    /** Runs the assessment, keeps it as the organization's last one and logs the run. */
    async runScan(auth: AuthContext): Promise<TAssessment> {
      const org = auth.organizationId;
      const ranAt = new Date();
      const { issues, riskLevel } = await assessOrganization(db, org, ranAt);
      await repo.saveAssessment(db, {
        organizationId: org,
        ranBy: auth.userId,
        ranAt,
        riskLevel,
        issues,
      });
      const saved = await lastAssessment(org);
      if (!saved) throw new Error('assessment was not stored');
      return saved;
    },

    async report(auth: AuthContext, query: TSecurityReportQuery) {
      const org = auth.organizationId;
      const from = repo.since(RANGE_DAYS[query.range]);
      const all: TSecurityEventsQuery = {
        type: 'all',
        severity: 'all',
        limit: EVENT_ROWS,
        offset: 0,
        grants: 'show',
        window: 'all',
      };
      const events = await repo.listEvents(db, org, all, from);
      const incidents = await repo.readIncidents(db, org, from);
      const compliance = await complianceStanding(db, org, await includes(org, EVIDENCE));
      const stored = await lastAssessment(org);
      const policies = await readPolicies(db, org);
      const live = stored ? null : await assessOrganization(db, org);
      const generatedAt = new Date().toISOString();
      const kinds = await repo.countEventsByKind(db, org, from);
      const report: SecurityReport = {
        title: 'Enterprise Security Report',
        generated_at: generatedAt,
        range: query.range,
        events: {
          total: events.total,
          by_severity: countBy(kinds.map((k) => ({ key: k.severity, n: k.n }))),
          by_type: countBy(kinds.map((k) => ({ key: k.type, n: k.n }))),
          items: events.items.map(toEvent),
        },
        incidents: incidents.items.map((i) => ({ ...i, created_at: i.created_at.toISOString() })),
        assessment: stored
          ? { ...stored, source: 'stored' }
          : live && {
              id: '00000000-0000-0000-0000-000000000000',
              ran_at: generatedAt,
              ran_by: null,
              issues: live.issues,
              risk_level: live.riskLevel,
              source: 'live',
            },
        compliance,
        policies,
      };
      const stamp = generatedAt.slice(0, 10);
      if (query.format === 'json')
        return {
          filename: `security-report-${stamp}.json`,
          contentType: 'application/json',
          body: JSON.stringify(report, null, 2),
        };
      return {
        filename: `security-report-${stamp}.pdf`,
        contentType: 'application/pdf',
        body: await renderSecurityReportPdf(report),
      };
    },

    policies: (auth: AuthContext) => readPolicies(db, auth.organizationId),

    updatePolicies: (auth: AuthContext, body: TSecurityPolicyBody, meta: RequestMeta) =>
      savePolicies(db, { userId: auth.userId, organizationId: auth.organizationId }, body, meta),
  };
}

export type SecurityCenterService = ReturnType<typeof createSecurityCenterService>;
