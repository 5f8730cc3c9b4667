// The logic of every GCP check, keyed by catalog id. Adding a check: its entry in
// src/catalog/gcp.ts, a pure function here over the collected data (and a read in collect.ts if it
// needs one), and a misconfiguration in src/testing/gcp-breaks.ts; the scanner test refuses an entry
// without logic or a break, and proves both the finding and its absence through the SDKs.
import type { CheckFn } from '../../shared/run-scan.ts';
import type { GcpData } from '../collect.ts';
import { computeChecks } from './compute.ts';
import { firewallChecks } from './firewall.ts';
import { iamChecks } from './iam.ts';
import { sqlChecks } from './sql.ts';
import { storageChecks } from './storage.ts';

export const GCP_CHECK_LOGIC: Record<string, CheckFn<GcpData>> = {
  ...firewallChecks,
  ...computeChecks,
  ...storageChecks,
  ...iamChecks,
  ...sqlChecks,
};
