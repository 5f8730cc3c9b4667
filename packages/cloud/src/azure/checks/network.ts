// NSG exposure: the inbound rules of each NSG whose source is the internet, and the public IPs of
// the network interfaces the NSG protects (attached directly or through their subnet).
import type { NetworkSecurityGroup, SecurityRule } from '@azure/arm-network';
import { AZURE_NSG_PREFIX } from '../../catalog/azure.ts';
import { exposureChecks } from '../../shared/exposure-checks.ts';
import {
  type IngressRule,
  isWorldSource,
  type PortRange,
  parsePortRange,
} from '../../shared/ports.ts';
import type { AzureData } from '../collect.ts';

const lower = (id: string | undefined) => id?.toLowerCase() ?? '';

/** Public addresses of the NICs an NSG protects. */
export function nsgAddresses(data: AzureData, nsg: NetworkSecurityGroup): string[] {
  const subnets = new Set((nsg.subnets ?? []).map((s) => lower(s.id)));
  const protectedIpIds = new Set(
    data.nics
      .filter(
        (nic) =>
          lower(nic.networkSecurityGroup?.id) === lower(nsg.id) ||
          (nic.ipConfigurations ?? []).some((c) => subnets.has(lower(c.subnet?.id))),
      )
      .flatMap((nic) => (nic.ipConfigurations ?? []).map((c) => lower(c.publicIPAddress?.id))),
  );
  return data.publicIps
    .filter((ip) => protectedIpIds.has(lower(ip.id)) && ip.ipAddress)
    .map((ip) => ip.ipAddress as string);
}

const sources = (rule: SecurityRule) => [
  rule.sourceAddressPrefix ?? '',
  ...(rule.sourceAddressPrefixes ?? []),
];
const portRanges = (rule: SecurityRule): PortRange[] =>
  [rule.destinationPortRange ?? '', ...(rule.destinationPortRanges ?? [])]
    .map(parsePortRange)
    .filter((r): r is PortRange => r !== undefined);

function ingressRules(data: AzureData, nsg: NetworkSecurityGroup): IngressRule[] {
  const addresses = nsgAddresses(data, nsg);
  return (nsg.securityRules ?? [])
    .filter(
      (r) =>
        r.direction === 'Inbound' &&
        (r.protocol === 'Tcp' || r.protocol === '*') &&
        sources(r).some(isWorldSource),
    )
    .map((r) => ({
      name: r.name ?? '',
      resourceId: nsg.id ?? '',
      region: nsg.location ?? 'global',
      addresses,
      priority: r.priority ?? Number.MAX_SAFE_INTEGER,
      allow: r.access === 'Allow',
      ranges: portRanges(r),
      appliesToAll: true,
    }));
}

export const networkChecks = exposureChecks<AzureData>(AZURE_NSG_PREFIX, (data) =>
  data.nsgs.map((nsg) => ingressRules(data, nsg)),
);
