import {
  ADMIN_LIMIT,
  controlScore,
  countByLevel,
  frameworkScores,
  SCAN_RECENCY_DAYS,
  type TCompliance,
  type TComplianceControl,
  type TRiskedFinding,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { openRiskedFindings } from '../risk/risk.findings.ts';
import * as posture from './posture.repo.ts';
import { since } from './security-center.repo.ts';

const DAY_MS = 86_400_000;
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 100);

/** No open finding assessed critical or high: a fact from the risk library's assessments. */
function highRiskControl(findings: readonly TRiskedFinding[]): TComplianceControl {
  const c = countByLevel(findings);
  return {
    id: 'open_high_risk',
    title: 'No open critical or high-risk finding',
    requirement: 'No open finding assessed critical or high risk',
    passed: c.critical + c.high === 0,
    value: `${c.critical} critical, ${c.high} high open`,
    fix_url: '/dashboard/vulnerabilities?sort=risk',
  };
}

/**
 * Measures the controls the product can check itself; the score is the percent passed, overall
 * and per framework (the one compliance definition the dashboard shows too).
 * MFA coverage: every member has MFA. Scan recency: a completed scan in the last
 * SCAN_RECENCY_DAYS days. Overdue critical: no open critical vulnerability past its due date.
 * Role hygiene: between 1 and ADMIN_LIMIT admins. Open high risk: no open finding assessed
 * critical or high.
 */
export async function measureCompliance(
  db: Executor,
  organizationId: string,
  now = new Date(),
): Promise<TCompliance> {
  const findings = await openRiskedFindings(db, organizationId);
  const members = await posture.listMembersMfa(db, organizationId);
  const lastScan = await posture.lastCompletedScanAt(db, organizationId);
  const overdue = await posture.overdueVulnerabilities(db, organizationId, ['critical'], now);
  const withMfa = members.filter((m) => m.mfa).length;
  const admins = members.filter((m) => m.role === 'admin').length;
  const days = lastScan ? Math.floor((now.getTime() - lastScan.getTime()) / DAY_MS) : null;
  const controls: TComplianceControl[] = [
    {
      id: 'mfa_coverage',
      title: 'MFA coverage',
      requirement: 'Every member has multi-factor authentication on',
      passed: members.length > 0 && withMfa === members.length,
      value: `${withMfa} of ${members.length} members (${percent(withMfa, members.length)}%)`,
      fix_url: '/dashboard/settings',
    },
    {
      id: 'scan_recency',
      title: 'Scan recency',
      requirement: `A completed scan in the last ${SCAN_RECENCY_DAYS} days`,
      passed: lastScan !== null && lastScan >= since(SCAN_RECENCY_DAYS),
      value:
        days === null
          ? 'No completed scan'
          : `Last completed scan ${days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`}`,
      fix_url: '/dashboard/scan',
    },
    {
      id: 'overdue_critical',
      title: 'Critical vulnerabilities within due date',
      requirement: 'No open critical vulnerability past its due date',
      passed: overdue.length === 0,
      value: `${overdue.length} overdue`,
      fix_url: '/dashboard/vulnerabilities?severity=critical',
    },
    {
      id: 'role_hygiene',
      title: 'Role hygiene',
      requirement: `Between 1 and ${ADMIN_LIMIT} admins`,
      passed: admins >= 1 && admins <= ADMIN_LIMIT,
      value: `${admins} admin${admins === 1 ? '' : 's'} of ${members.length} members`,
      fix_url: '/dashboard/settings',
    },
    highRiskControl(findings),
  ];
  const { score, verdict } = controlScore('Compliance score', controls);
  return { score, controls, verdict, frameworks: frameworkScores(controls) };
}
