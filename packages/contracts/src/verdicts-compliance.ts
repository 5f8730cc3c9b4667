import { type CONTROL_STATUSES, REPORT_RULES as R } from './reports.ts';
import type { TVerdict } from './verdict.ts';
import { countByLevel, type TRiskedFinding } from './verdicts-risk.ts';

type ControlStatus = (typeof CONTROL_STATUSES)[number];
type Status = { status: ControlStatus; verdict: TVerdict };

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
