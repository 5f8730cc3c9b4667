import {
  RISK_FORMULA,
  type TRiskedFinding,
  type TRiskLevel,
  type TVulnSeverity,
} from '@netguard/contracts';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { vulnerabilities, vulnerabilityAssessments } from '../../db/schema.ts';
import { mitigatedSql } from '../vulnerabilities/vulnerabilities.repo.ts';

/**
 * The finding's risk: its stored assessment, else its own score and severity (info as low); a
 * finding with neither assessment nor score counts at the lower bound of its severity's level.
 */
export function riskOf(
  row: { title: string; host: string; severity: TVulnSeverity; riskScore: number | null },
  assessed: { score: number | null; level: string | null } | null,
): TRiskedFinding {
  const base = { title: row.title, host: row.host };
  if (assessed?.score != null && assessed.level)
    return { ...base, score: assessed.score, level: assessed.level as TRiskLevel, assessed: true };
  const level = row.severity === 'info' ? 'low' : row.severity;
  const floor = level === 'low' ? 0 : RISK_FORMULA.levels[level];
  return { ...base, score: row.riskScore ?? floor, level, assessed: false };
}

/** The stored assessment's score and level, for a select list joined to the assessments. */
export const assessedColumns = {
  score: vulnerabilityAssessments.riskScore,
  level: vulnerabilityAssessments.riskLevel,
};

/**
 * The organization's open findings (neither fixed nor mitigated) with their risk, those created
 * since `since` when given: what the security score, risk level and compliance are computed from.
 */
export async function openRiskedFindings(
  db: Executor,
  organizationId: string,
  since?: SQL,
): Promise<TRiskedFinding[]> {
  const v = vulnerabilities;
  const rows = await db
    .select({
      title: v.title,
      host: v.host,
      severity: v.severity,
      riskScore: v.riskScore,
      assessed: assessedColumns,
    })
    .from(v)
    .leftJoin(vulnerabilityAssessments, eq(vulnerabilityAssessments.vulnerabilityId, v.id))
    .where(
      and(
        eq(v.organizationId, organizationId),
        eq(v.state, 'open'),
        sql`not ${mitigatedSql}`,
        since ? gte(v.createdAt, since) : undefined,
      ),
    );
  return rows.map((row) => riskOf(row, row.assessed));
}
