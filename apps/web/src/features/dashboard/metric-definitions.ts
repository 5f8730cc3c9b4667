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
    'Mean of the ISO 27001, SOC 2 and NIST Framework scores (last 30 days). ISO 27001: on-time remediation and mitigation. SOC 2: security score and on-time remediation. NIST: network coverage, security score and mitigation.',
  successRate: 'Completed scans out of all finished (completed or failed) scans.',
  iso27001:
    'ISO 27001 A.12.6.1: mean of on-time remediation (open findings not past their due date) and vulnerability mitigation.',
  soc2: 'SOC 2 CC7.1: mean of the security score and on-time remediation.',
  nist: 'NIST CSF: mean of network coverage, the security score and vulnerability mitigation.',
  securityScore:
    '100 minus 10 per open critical, 5 per high, 2 per medium and 0.5 per low finding, never below 0.',
} as const;
