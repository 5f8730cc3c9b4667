import {
  REPORT_RULES,
  type TComplianceStanding,
  type TDetection,
  type TRiskedFinding,
  type TVulnSeverity,
} from '@netguard/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  scans,
  vulnerabilities,
  vulnerabilityAssessments,
  vulnerabilitySightings,
} from '../../db/schema.ts';
import { assessedColumns, riskOf } from '../risk/risk.findings.ts';
import { mitigatedSql } from '../vulnerabilities/vulnerabilities.repo.ts';

export type SourceScan = {
  id: string;
  scanName: string;
  scanType: string;
  targetHosts: string[];
  completedAt: Date | null;
};

export type SourceVulnerability = {
  title: string;
  severity: TVulnSeverity;
  riskScore: number;
  host: string;
  port: number | null;
  protocol: string;
  service: string | null;
  vulnerabilityType: string;
  cveId: string | null;
  solution: string;
  detection: TDetection | null;
  /** Its risk: the risk library's assessment, or its own score and severity until assessed. */
  risk: TRiskedFinding;
  firstSeenAt: Date;
  /** When it stopped counting as open: fixed by a later scan, or mitigated; null while open. */
  resolvedAt: Date | null;
  fixed: boolean;
  mitigated: boolean;
};

/**
 * What a report is computed from: the recent completed scans and what they saw; a Compliance
 * report also the compliance evidence module's framework statuses.
 */
export type ReportSource = {
  scans: SourceScan[];
  vulnerabilities: SourceVulnerability[];
  compliance?: TComplianceStanding;
};

/** The organization's most recent completed scans, newest first (spec: limit 10). */
export function recentCompletedScans(db: Executor, organizationId: string): Promise<SourceScan[]> {
  return db
    .select({
      id: scans.id,
      scanName: scans.scanName,
      scanType: scans.scanType,
      targetHosts: scans.targetHosts,
      completedAt: scans.completedAt,
    })
    .from(scans)
    .where(and(eq(scans.organizationId, organizationId), eq(scans.status, 'completed')))
    .orderBy(sql`${scans.completedAt} desc nulls last`, desc(scans.createdAt))
    .limit(REPORT_RULES.scanLimit);
}

/**
 * When its first action was completed, in epoch milliseconds. Qualified names, as mitigatedSql:
 * drizzle leaves select-list columns unqualified and a bare "id" would resolve in the subquery.
 */
const mitigatedAt = sql<
  string | null
>`(select extract(epoch from min(ma.updated_at)) * 1000 from threat_mitigation_actions ma where ma.vulnerability_id = "vulnerabilities"."id" and ma.status = 'completed')`;

/** Distinct vulnerabilities of the organization sighted by any of `scanIds`. */
async function sightedVulnerabilities(
  db: Executor,
  organizationId: string,
  scanIds: string[],
): Promise<SourceVulnerability[]> {
  if (scanIds.length === 0) return [];
  const s = vulnerabilitySightings;
  const sighted = db
    .select({ one: sql`1` })
    .from(s)
    .where(
      and(
        eq(s.vulnerabilityId, vulnerabilities.id),
        eq(s.organizationId, organizationId),
        inArray(s.scanId, scanIds),
      ),
    );
  const rows = await db
    .select({
      row: vulnerabilities,
      assessed: assessedColumns,
      mitigated: mitigatedSql,
      mitigatedAt: mitigatedAt.mapWith((ms: string | null) =>
        ms === null ? null : new Date(Number(ms)),
      ),
    })
    .from(vulnerabilities)
    .leftJoin(
      vulnerabilityAssessments,
      eq(vulnerabilityAssessments.vulnerabilityId, vulnerabilities.id),
    )
    .where(and(eq(vulnerabilities.organizationId, organizationId), sql`exists (${sighted})`));
  return rows.map(({ row, assessed, mitigated, mitigatedAt }) => {
    const fixed = row.state === 'fixed';
    const ends = [
      fixed ? (row.fixedAt ?? row.lastSeenAt) : null,
      mitigated ? mitigatedAt : null,
    ].filter((d): d is Date => d !== null);
    return {
      title: row.title,
      severity: row.severity,
      riskScore: row.riskScore ?? 0,
      host: row.host,
      port: row.port,
      protocol: row.protocol,
      service: row.service,
      vulnerabilityType: row.vulnerabilityType,
      cveId: row.cveId,
      solution: row.solution ?? '',
      detection: row.detection ?? null,
      risk: riskOf(row, assessed),
      firstSeenAt: row.firstSeenAt,
      resolvedAt: ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null,
      fixed,
      mitigated,
    };
  });
}

/** Loads the source of a report for the caller's organization. */
export async function loadReportSource(
  db: Executor,
  organizationId: string,
): Promise<ReportSource> {
  const recent = await recentCompletedScans(db, organizationId);
  const found = await sightedVulnerabilities(
    db,
    organizationId,
    recent.map((scan) => scan.id),
  );
  return { scans: recent, vulnerabilities: found };
}
