// The logic of every Azure check, keyed by catalog id.
import type { CheckFn } from '../../shared/run-scan.ts';
import type { AzureData } from '../collect.ts';
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
};
