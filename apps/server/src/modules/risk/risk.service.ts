import type {
  TPriorityItem,
  TRiskAssessment,
  TRiskAssessmentRow,
  TRiskInsight,
  TRiskRange,
  TRiskSummary,
  TRiskTrendPoint,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { contextForHost } from './risk.inputs.ts';
import { insightsOf } from './risk.insights.ts';
import * as repo from './risk.repo.ts';

const LIST_LIMIT = 200;
const QUEUE_LIMIT = 100;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const mean = (values: number[]) =>
  values.length ? values.reduce((s, x) => s + x, 0) / values.length : null;

function toRow(r: repo.AssessedRow): TRiskAssessmentRow {
  return { ...r.assessment, title: r.title, host: r.host, port: r.port, cve_id: r.cveId };
}

/**
 * Percent change of the mean summed risk over the range against the range before it; null when
 * either range has no snapshot or the earlier one had no risk.
 */
export function riskChange(current: number[], previous: number[]): number | null {
  const cur = mean(current);
  const prev = mean(previous);
  if (cur === null || prev === null || prev === 0) return null;
  return round(((cur - prev) / prev) * 100, 1);
}

export type NarrativeWriter = (
  assessment: TRiskAssessment,
) => Promise<TRiskAssessment['narrative']>;

/** The AI-Powered Risk Scoring page's reads, for any member of the caller's organization. */
export function createRiskService({ db, narrate }: { db: Executor; narrate?: NarrativeWriter }) {
  return {
    async summary(auth: AuthContext, range: TRiskRange, now = new Date()): Promise<TRiskSummary> {
      const org = auth.organizationId;
      const since = repo.rangeStart(range, now);
      const before = new Date(2 * since.getTime() - now.getTime());
      const [rows, current, previous] = await Promise.all([
        repo.assessedInRange(db, org, since),
        repo.snapshotsBetween(db, org, since, now),
        repo.snapshotsBetween(db, org, before, since),
      ]);
      const confidence = mean(rows.map((r) => r.assessment.confidence));
      const pressing = rows.filter(
        (r) =>
          r.assessment.ssvc.coordinator === 'act' || r.assessment.ssvc.deployer === 'immediate',
      );
      return {
        range,
        ai_confidence: confidence === null ? null : round(confidence, 2),
        high_risk_assets: new Set(pressing.map((r) => r.host)).size,
        risk_reduction: riskChange(
          current.map((s) => s.total),
          previous.map((s) => s.total),
        ),
        auto_prioritized: rows.filter(
          (r) => r.assessment.ssvc.coordinator || r.assessment.ssvc.deployer,
        ).length,
      };
    },

    async assessments(
      auth: AuthContext,
      range: TRiskRange,
    ): Promise<{ items: TRiskAssessmentRow[] }> {
      const rows = await repo.assessedInRange(
        db,
        auth.organizationId,
        repo.rangeStart(range, new Date()),
      );
      return { items: rows.slice(0, LIST_LIMIT).map(toRow) };
    },

    /** One assessment; with a language model configured, its narrative is written once and kept. */
    async assessment(auth: AuthContext, vulnerabilityId: string): Promise<TRiskAssessmentRow> {
      const row = await repo.assessmentOf(db, auth.organizationId, vulnerabilityId);
      if (!row) throw notFound('Risk assessment');
      if (narrate && !row.assessment.narrative) {
        const narrative = await narrate(row.assessment);
        if (narrative) {
          row.assessment = { ...row.assessment, narrative };
          await repo.saveNarrative(db, auth.organizationId, row.assessment);
        }
      }
      return toRow(row);
    },

    async prioritization(auth: AuthContext): Promise<{ items: TPriorityItem[] }> {
      const [rows, contexts] = await Promise.all([
        repo.priorityQueue(db, auth.organizationId, QUEUE_LIMIT),
        repo.contextsOf(db, auth.organizationId),
      ]);
      return {
        items: rows.map((r) => ({
          vulnerability_id: r.assessment.vulnerability_id,
          title: r.title,
          host: r.host,
          port: r.port,
          cve_id: r.cveId,
          riskScore: r.assessment.riskScore,
          coordinator: r.assessment.ssvc.coordinator,
          deployer: r.assessment.ssvc.deployer,
          due_at: r.assessment.kev?.due_date ?? r.dueAt?.toISOString() ?? null,
          owner: contextForHost(r.host, contexts)?.owner ?? null,
        })),
      };
    },

    async trends(
      auth: AuthContext,
      range: TRiskRange,
    ): Promise<{ range: TRiskRange; points: TRiskTrendPoint[] }> {
      const now = new Date();
      const rows = await repo.snapshotsBetween(
        db,
        auth.organizationId,
        repo.rangeStart(range, now),
        now,
      );
      return {
        range,
        points: rows.map((s) => ({
          at: s.at.toISOString(),
          total_risk: s.total,
          open_vulnerabilities: s.open,
        })),
      };
    },

    async insights(auth: AuthContext, range: TRiskRange): Promise<{ items: TRiskInsight[] }> {
      const since = repo.rangeStart(range, new Date());
      const rows = await repo.assessedInRange(db, auth.organizationId, since);
      const cves = [...new Set(rows.map((r) => r.cveId).filter((c): c is string => !!c))];
      return { items: insightsOf(rows, await repo.epssSince(db, cves, since)) };
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
