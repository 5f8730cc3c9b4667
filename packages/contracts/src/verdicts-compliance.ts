import { type CONTROL_STATUSES, REPORT_RULES as R } from './reports.ts';
import type { COMPLIANCE_CONTROL_IDS, TComplianceControl } from './security-center.ts';
import type { TVerdict } from './verdict.ts';
import { countByLevel, type TRiskedFinding } from './verdicts-risk.ts';

type ControlStatus = (typeof CONTROL_STATUSES)[number];
type Status = { status: ControlStatus; verdict: TVerdict };

/** The frameworks the dashboard scores, by key. */
export const COMPLIANCE_FRAMEWORKS = {
  iso27001: 'ISO 27001',
  soc2: 'SOC 2',
  nist: 'NIST CSF',
} as const;
export type TComplianceFramework = keyof typeof COMPLIANCE_FRAMEWORKS;

/** Where each measured control sits in each framework (ISO 27001:2022, SOC 2 TSC, NIST CSF 2.0). */
export const CONTROL_FRAMEWORK_REFERENCES: Record<
  (typeof COMPLIANCE_CONTROL_IDS)[number],
  Record<TComplianceFramework, string>
> = {
  mfa_coverage: { iso27001: 'A.5.17, A.8.5', soc2: 'CC6.1', nist: 'PR.AA-03' },
  role_hygiene: { iso27001: 'A.5.15, A.8.2', soc2: 'CC6.3', nist: 'PR.AA-05' },
  scan_recency: { iso27001: 'A.8.8', soc2: 'CC7.1', nist: 'ID.RA-01' },
  overdue_critical: { iso27001: 'A.8.8', soc2: 'CC7.1', nist: 'PR.PS-02' },
  open_high_risk: { iso27001: 'A.8.8', soc2: 'CC7.1', nist: 'ID.RA-01, PR.PS-02' },
};

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/** A compliance score: the percent of the controls that pass, with each control as an input. */
export function controlScore(
  name: string,
  controls: readonly TComplianceControl[],
  framework?: TComplianceFramework,
): { score: number; verdict: TVerdict } {
  const passed = controls.filter((c) => c.passed).length;
  const score = percent(passed, controls.length);
  return {
    score,
    verdict: {
      name,
      verdict: `${score}%`,
      inputs: controls.map((c) => ({
        label: `${c.passed ? 'Pass' : 'Fail'}: ${c.title}${framework ? ` (${CONTROL_FRAMEWORK_REFERENCES[c.id][framework]})` : ''}`,
        value: c.value,
      })),
      rule: `${passed} of ${controls.length} measured controls${framework ? ` mapped to ${COMPLIANCE_FRAMEWORKS[framework]}` : ''} pass; each control is a fact NetGuard measured`,
      reference: null,
    },
  };
}

/** The score of each framework, over the measured controls that map to it. */
export function frameworkScores(controls: readonly TComplianceControl[]) {
  const of = (key: TComplianceFramework) => controlScore(COMPLIANCE_FRAMEWORKS[key], controls, key);
  return { iso27001: of('iso27001'), soc2: of('soc2'), nist: of('nist') };
}

/**
 * Access Control: NON-COMPLIANT with an open finding assessed critical (the spec's rule); without
 * one it is NOT ASSESSED, since no access-control evidence of the scanned hosts is collected.
 */
export function accessControlStatus(findings: readonly TRiskedFinding[]): Status {
  const critical = countByLevel(findings).critical;
  const status: ControlStatus = critical > 0 ? 'NON-COMPLIANT' : 'NOT ASSESSED';
  return {
    status,
    verdict: {
      name: 'Access Control',
      verdict: status,
      inputs: [
        { label: 'Open findings assessed critical', value: `${critical}` },
        { label: 'Access-control evidence', value: 'none collected' },
      ],
      rule: 'NON-COMPLIANT with an open finding assessed critical; COMPLIANT only with access-control evidence, otherwise NOT ASSESSED',
      reference:
        critical > 0
          ? null
          : 'the spec’s rule (COMPLIANT with 0 critical issues) would say COMPLIANT without any access-control fact',
    },
  };
}

/**
 * Network Security: the spec's rule (COMPLIANT below 10 open issues, otherwise PARTIAL), but
 * never COMPLIANT while an open finding is assessed critical or high.
 */
export function networkSecurityStatus(findings: readonly TRiskedFinding[]): Status {
  const c = countByLevel(findings);
  const spec: ControlStatus = findings.length < R.networkCompliantBelow ? 'COMPLIANT' : 'PARTIAL';
  const severe = c.critical + c.high;
  const status: ControlStatus = severe > 0 ? 'PARTIAL' : spec;
  return {
    status,
    verdict: {
      name: 'Network Security',
      verdict: status,
      inputs: [
        { label: 'Open issues', value: `${findings.length}` },
        { label: 'Open findings assessed critical or high', value: `${severe}` },
      ],
      rule: `COMPLIANT below ${R.networkCompliantBelow} open issues and none assessed critical or high, otherwise PARTIAL`,
      reference:
        status === spec
          ? null
          : `the spec’s threshold (COMPLIANT below ${R.networkCompliantBelow} issues) gives ${spec}, which ${severe === 1 ? '1 open critical or high-risk finding contradicts' : `${severe} open critical or high-risk findings contradict`}`,
    },
  };
}

/** Vulnerability Management is always IN PROGRESS: scanning and remediation never end. */
export function vulnerabilityManagementStatus(found: number, resolved: number): Status {
  return {
    status: 'IN PROGRESS',
    verdict: {
      name: 'Vulnerability Management',
      verdict: 'IN PROGRESS',
      inputs: [{ label: 'Fixed or mitigated', value: `${resolved} of ${found}` }],
      rule: 'Always IN PROGRESS: scanning and remediation never end',
      reference: null,
    },
  };
}
