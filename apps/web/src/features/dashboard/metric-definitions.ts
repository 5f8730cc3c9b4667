import { COMPLIANCE_STANDING_TEXT as C } from '@netguard/contracts';

/**
 * How each dashboard figure is computed, shown on hover. The server computes them
 * (apps/server/src/modules/analytics/analytics.metrics.ts); these texts describe that code.
 */
export const METRIC_DEFINITIONS = {
  networkCoverage:
    'Targets scanned in the last 30 days whose latest finished scan completed, out of all targets scanned.',
  mitigationRate:
    'Vulnerabilities found in the last 30 days with a completed mitigation action, out of all found.',
  policyCompliance: `The Enterprise Security Center’s compliance score, from compliance evidence: the mean of the assessed frameworks’ scores, each ${C.scoreDefinition}.`,
  successRate: 'Completed scans out of all finished (completed or failed) scans.',
  iso27001: `ISO 27001 score from compliance evidence: ${C.scoreDefinition}.`,
  soc2: `SOC 2 score from compliance evidence: ${C.scoreDefinition}.`,
  nist: `NIST CSF score from compliance evidence: ${C.scoreDefinition}.`,
  securityScore:
    '100 minus the highest risk score (0-100, the risk assessment with KEV, EPSS, exposure and asset context) among open findings; 100 when none is open.',
} as const;
