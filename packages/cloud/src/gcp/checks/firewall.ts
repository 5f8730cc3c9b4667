// VPC firewall exposure: per network, the ingress rules whose source is the internet, and the
// external IPs of the instances each rule targets (by network tag, service account, or all).
import type { compute_v1 } from '@googleapis/compute';
import { GCP_FIREWALL_PREFIX } from '../../catalog/gcp.ts';
import { exposureChecks } from '../../shared/exposure-checks.ts';
import {
  ALL_PORTS,
  type IngressRule,
  isWorldSource,
  type PortRange,
  parsePortRange,
} from '../../shared/ports.ts';
import type { GcpData } from '../collect.ts';

type Firewall = compute_v1.Schema$Firewall;
type Instance = compute_v1.Schema$Instance;

const TCP = new Set(['tcp', 'all']);

function targets(rule: Firewall, instance: Instance): boolean {
  const tags = rule.targetTags ?? [];
  const accounts = rule.targetServiceAccounts ?? [];
  if (tags.length) return (instance.tags?.items ?? []).some((t) => tags.includes(t));
  if (accounts.length)
    return (instance.serviceAccounts ?? []).some((sa) => accounts.includes(sa.email ?? ''));
  return true;
}

/** External IPs of the instances in the rule's network that the rule applies to. */
export function ruleAddresses(data: GcpData, rule: Firewall): string[] {
  return data.instances.flatMap((instance) =>
    (instance.networkInterfaces ?? [])
      .filter((nic) => nic.network === rule.network && targets(rule, instance))
      .flatMap((nic) => (nic.accessConfigs ?? []).map((c) => c.natIP ?? ''))
      .filter(Boolean),
  );
}

function portRanges(rule: Firewall): PortRange[] {
  const entries = [...(rule.allowed ?? []), ...(rule.denied ?? [])].filter((e) =>
    TCP.has(e.IPProtocol ?? ''),
  );
  return entries.flatMap((e) =>
    e.ports?.length
      ? e.ports.map(parsePortRange).filter((r): r is PortRange => r !== undefined)
      : [ALL_PORTS],
  );
}

function ingressRule(data: GcpData, rule: Firewall): IngressRule {
  return {
    name: rule.name ?? '',
    resourceId: rule.selfLink ?? rule.name ?? '',
    region: 'global',
    addresses: ruleAddresses(data, rule),
    priority: rule.priority ?? 1000,
    allow: Boolean(rule.allowed?.length),
    ranges: portRanges(rule),
    appliesToAll: !rule.targetTags?.length && !rule.targetServiceAccounts?.length,
  };
}

function networkScopes(data: GcpData): IngressRule[][] {
  const byNetwork = new Map<string, IngressRule[]>();
  for (const rule of data.firewalls) {
    const open =
      rule.direction === 'INGRESS' &&
      !rule.disabled &&
      (rule.sourceRanges ?? []).some(isWorldSource);
    if (!open) continue;
    const network = rule.network ?? '';
    byNetwork.set(network, [...(byNetwork.get(network) ?? []), ingressRule(data, rule)]);
  }
  return [...byNetwork.values()];
}

export const firewallChecks = exposureChecks<GcpData>(GCP_FIREWALL_PREFIX, networkScopes);
