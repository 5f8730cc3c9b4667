import {
  ADMIN_LIMIT,
  API_KEY_STALE_DAYS,
  organizationRisk,
  ROLE_LABELS,
  SCAN_RECENCY_DAYS,
  type TAssessmentIssue,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { openRiskedFindings } from '../risk/risk.findings.ts';
import * as posture from './posture.repo.ts';
import { riskyServiceOf } from './risky-services.ts';
import { since } from './security-center.repo.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

async function exposedServices(db: Executor, organizationId: string): Promise<TAssessmentIssue[]> {
  const open = await posture.openServicesOfLastScans(db, organizationId);
  return open.flatMap((s) => {
    const risky = riskyServiceOf(s);
    if (!risky) return [];
    const where = `${s.host}:${s.port}/${s.protocol}`;
    return [
      {
        kind: 'exposed_service' as const,
        severity: risky.severity,
        title: `${risky.label} exposed on ${where}`,
        detail: `${risky.label} (${s.product ?? s.service ?? `port ${s.port}`}) ${risky.why}. Close the port or restrict it to trusted addresses.`,
        fix_url: `/dashboard/scans/${s.scanId}`,
        fix_label: 'Open the scan',
      },
    ];
  });
}

async function overdueVulnerabilities(db: Executor, organizationId: string, now: Date) {
  const rows = await posture.overdueVulnerabilities(db, organizationId, ['critical', 'high'], now);
  return rows.map(
    (v): TAssessmentIssue => ({
      kind: 'overdue_vulnerability',
      severity: v.severity === 'critical' ? 'critical' : 'high',
      title: `Overdue ${v.severity} vulnerability: ${v.title}`,
      detail: `On ${v.host}${v.port ? `:${v.port}` : ''}; remediation was due ${v.dueAt ? day(v.dueAt) : 'already'}.`,
      fix_url: `/dashboard/vulnerabilities?search=${encodeURIComponent(v.title)}`,
      fix_label: 'Open vulnerabilities',
    }),
  );
}

async function memberIssues(db: Executor, organizationId: string) {
  const members = await posture.listMembersMfa(db, organizationId);
  const issues: TAssessmentIssue[] = members
    .filter((m) => !m.mfa)
    .map((m) => ({
      kind: 'member_without_mfa',
      severity: m.role === 'admin' ? 'high' : 'medium',
      title: `${m.email} has no multi-factor authentication`,
      detail: `${ROLE_LABELS[m.role]} without MFA: a stolen password is enough to use the account. The member turns MFA on in Settings; an admin can require it in Security Policies.`,
      fix_url: '/dashboard/settings',
      fix_label: 'Open Settings (MFA)',
    }));
  const admins = members.filter((m) => m.role === 'admin').length;
  if (admins > ADMIN_LIMIT)
    issues.push({
      kind: 'admin_count',
      severity: 'medium',
      title: `${admins} admins in the organization`,
      detail: `More than ${ADMIN_LIMIT} admins widen who can change everything. Give members the least role they need.`,
      fix_url: '/dashboard/settings',
      fix_label: 'Open Settings (members)',
    });
  return issues;
}

async function staleScans(db: Executor, organizationId: string): Promise<TAssessmentIssue[]> {
  const last = await posture.lastCompletedScanAt(db, organizationId);
  if (last && last >= since(SCAN_RECENCY_DAYS)) return [];
  return [
    {
      kind: 'stale_scans',
      severity: 'medium',
      title: `No completed scan in the last ${SCAN_RECENCY_DAYS} days`,
      detail: last
        ? `The last scan completed on ${day(last)}: new hosts and findings since then are unknown.`
        : 'The organization has never completed a scan.',
      fix_url: '/dashboard/scan',
      fix_label: 'Run a scan',
    },
  ];
}

async function unusedKeys(db: Executor, organizationId: string): Promise<TAssessmentIssue[]> {
  const keys = await posture.unusedApiKeys(db, organizationId, since(API_KEY_STALE_DAYS));
  return keys.map((k) => ({
    kind: 'unused_api_key',
    severity: 'low',
    title: `API key "${k.name}" (${k.prefix}…) unused for ${API_KEY_STALE_DAYS} days`,
    detail: `Owned by ${k.email}. A key nobody uses is only a risk: its owner should revoke it.`,
    fix_url: '/dashboard/settings',
    fix_label: 'Open Settings (API keys)',
  }));
}

/**
 * Assesses the organization from what the product knows: risky services open in the last
 * scans, overdue critical and high vulnerabilities, members without MFA, too many admins, stale
 * scans and unused API keys; its risk level also weighs the open findings' assessed risk.
 * Reads only.
 */
export async function assessOrganization(db: Executor, organizationId: string, now = new Date()) {
  // One query at a time: in a request the handle is one transaction's connection.
  const issues = [
    ...(await exposedServices(db, organizationId)),
    ...(await overdueVulnerabilities(db, organizationId, now)),
    ...(await memberIssues(db, organizationId)),
    ...(await staleScans(db, organizationId)),
    ...(await unusedKeys(db, organizationId)),
  ];
  const { level } = organizationRisk(await openRiskedFindings(db, organizationId), issues);
  return { issues, riskLevel: level };
}
