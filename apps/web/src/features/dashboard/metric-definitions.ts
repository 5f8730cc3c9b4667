/**
 * How each dashboard figure is computed, shown on hover. The server computes them
 * (apps/server/src/modules/analytics/analytics.metrics.ts); these texts describe that code.
 */
export const METRIC_DEFINITIONS = {
  networkCoverage:
    'Targets scanned in the last 30 days whose latest finished scan completed, out of all targets scanned.',
  mitigationRate:
    'Vulnerabilities found in the last 30 days with a completed mitigation action, out of all found.',
  policyCompliance:
    'The Enterprise Security Center’s compliance score: the percent of the controls NetGuard measures (MFA coverage, role hygiene, scan recency, critical findings within due date, no open critical or high-risk finding) that pass.',
  successRate: 'Completed scans out of all finished (completed or failed) scans.',
  iso27001: 'ISO 27001: the percent of the measured controls mapped to ISO 27001 that pass.',
  soc2: 'SOC 2: the percent of the measured controls mapped to SOC 2 that pass.',
  nist: 'NIST CSF: the percent of the measured controls mapped to NIST CSF that pass.',
  securityScore:
    '100 minus the highest risk score (0-100, the risk assessment with KEV, EPSS, exposure and asset context) among open findings; 100 when none is open.',
} as const;
