// The logic of every GCP check, keyed by catalog id.
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
