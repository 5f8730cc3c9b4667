// How many resources of each catalog resource type an Azure scan collected (its progress).
import type { AzureData } from './collect.ts';

export const azureResources = (data: AzureData): Record<string, number> => ({
  network_security_group: data.nsgs.length,
  resource_group: data.groups.length,
  key_vault: data.vaults.length,
  storage_account: data.accounts.length,
  sql_server: data.servers.length,
  defender_plan: data.pricings.length,
});
