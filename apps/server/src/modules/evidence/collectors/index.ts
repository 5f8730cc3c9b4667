// Every evidence collector, in the order they run.
import { accessReview, adminShare, dormantAccounts, unusedApiKeys } from './access.ts';
import { cloudPosture, cloudScanRecency } from './cloud.ts';
import {
  mfaAdmins,
  mfaMembers,
  mfaRequired,
  passwordPolicy,
  sessionPolicy,
  ssoDomains,
  ssoEnforcement,
} from './identity.ts';
import { incidentsInTarget, incidentTriage } from './incidents.ts';
import { eventChain, eventLogging, evidenceLedgerChain, loginMonitoring } from './logging.ts';
import { backups, deploymentTls, egressPolicy, secretsEncrypted } from './platform.ts';
import { fourEyes, remediationRollbacks, remediationVerified } from './remediation.ts';
import { scanCoverage, scanRecency, scanReliability } from './scans.ts';
import { selftestIntegration, selftestPerformance, selftestSecurity } from './selftest.ts';
import { siemConfigured, siemDelivery } from './siem.ts';
import type { Collector } from './types.ts';
import {
  kevOpen,
  meanTimeToRemediate,
  openBySeverity,
  reopenedFindings,
  vulnerabilitiesPastSla,
} from './vulnerabilities.ts';

export const COLLECTORS: readonly Collector[] = [
  scanRecency,
  scanCoverage,
  scanReliability,
  vulnerabilitiesPastSla,
  meanTimeToRemediate,
  kevOpen,
  openBySeverity,
  reopenedFindings,
  mfaMembers,
  mfaAdmins,
  ssoEnforcement,
  ssoDomains,
  passwordPolicy,
  sessionPolicy,
  mfaRequired,
  accessReview,
  dormantAccounts,
  unusedApiKeys,
  adminShare,
  eventChain,
  eventLogging,
  loginMonitoring,
  evidenceLedgerChain,
  incidentsInTarget,
  incidentTriage,
  remediationVerified,
  remediationRollbacks,
  fourEyes,
  siemDelivery,
  siemConfigured,
  backups,
  secretsEncrypted,
  deploymentTls,
  egressPolicy,
  cloudPosture,
  cloudScanRecency,
  selftestSecurity,
  selftestIntegration,
  selftestPerformance,
];

export const findCollector = (id: string) => COLLECTORS.find((c) => c.id === id);

/** The collectors that serve a requirement of `framework` (and `requirementId`, if given). */
export function collectorsFor(framework?: string, requirementId?: string): Collector[] {
  if (!framework) return [...COLLECTORS];
  return COLLECTORS.filter((c) =>
    c.requirements.some(
      (r) => r.framework === framework && (!requirementId || r.id === requirementId),
    ),
  );
}

export type { Collector, CollectorContext, Deployment, Observation } from './types.ts';
