// The logic of every Azure check, keyed by catalog id. Adding a check: its entry in
// src/catalog/azure.ts, a pure function here over the collected data (and a read in collect.ts if it
// needs one), and a misconfiguration in src/testing/azure-breaks.ts; the scanner test refuses an entry
// without logic or a break, and proves both the finding and its absence through the SDKs.
import type { CheckFn } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';
import { defenderChecks } from './defender.ts';
import { keyVaultChecks } from './key-vault.ts';
import { networkChecks } from './network.ts';
import { resourceGroupChecks } from './resource-groups.ts';
import { sqlChecks } from './sql.ts';
import { storageChecks } from './storage.ts';

export const AZURE_CHECK_LOGIC: Record<string, CheckFn<AzureData>> = {
  ...networkChecks,
  ...resourceGroupChecks,
  ...keyVaultChecks,
  ...storageChecks,
  ...sqlChecks,
  ...defenderChecks,
};
