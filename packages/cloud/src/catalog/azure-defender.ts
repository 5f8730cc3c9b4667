// Microsoft Defender for Cloud plans as data: one check per plan that must be on (pricing tier
// Standard) for the subscription, built from DEFENDER_PLANS so each text names its plan.
import { frameworks } from '../shared/frameworks.ts';
import type { CheckMeta } from '../types.ts';

export type DefenderPlan = {
  /** The check id's tail, e.g. `servers`. */
  key: string;
  /** The pricing's name in Microsoft.Security/pricings, e.g. `VirtualMachines`. */
  pricing: string;
  /** What the plan protects, in words. */
  protects: string;
};

export const DEFENDER_PLANS: DefenderPlan[] = [
  { key: 'servers', pricing: 'VirtualMachines', protects: 'virtual machines and servers' },
  { key: 'sql_servers', pricing: 'SqlServers', protects: 'Azure SQL databases' },
  { key: 'sql_vms', pricing: 'SqlServerVirtualMachines', protects: 'SQL servers on machines' },
  {
    key: 'os_databases',
    pricing: 'OpenSourceRelationalDatabases',
    protects: 'PostgreSQL, MySQL and MariaDB servers',
  },
  { key: 'cosmosdb', pricing: 'CosmosDbs', protects: 'Cosmos DB accounts' },
  { key: 'storage', pricing: 'StorageAccounts', protects: 'storage accounts' },
  { key: 'keyvault', pricing: 'KeyVaults', protects: 'key vaults' },
  { key: 'app_services', pricing: 'AppServices', protects: 'App Service apps' },
  { key: 'arm', pricing: 'Arm', protects: 'Azure Resource Manager operations' },
  {
    key: 'containers',
    pricing: 'Containers',
    protects: 'Kubernetes clusters and container registries',
  },
];

export const AZURE_DEFENDER_PREFIX = 'azure_defender';

const planMeta = (plan: DefenderPlan): CheckMeta => ({
  id: `${AZURE_DEFENDER_PREFIX}_${plan.key}_off`,
  provider: 'azure',
  service: 'defender',
  resourceType: 'defender_plan',
  title: `Microsoft Defender for Cloud does not protect ${plan.protects}`,
  severity: 'high',
  description: `The subscription's Defender plan ${plan.pricing} is on the Free tier (or absent), so ${plan.protects} get no threat detection.`,
  risk: `Attacks on ${plan.protects} (brute force, malware, data exfiltration, suspicious management operations) raise no alert.`,
  remediation: `Turn on the Defender plan ${plan.pricing} (pricing tier Standard) for the subscription.`,
  cli: `az security pricing create --name ${plan.pricing} --tier Standard`,
  frameworks: frameworks('logging'),
});

/** One check per Defender plan. */
export const defenderChecks: CheckMeta[] = DEFENDER_PLANS.map(planMeta);
