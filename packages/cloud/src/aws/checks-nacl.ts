// Network ACLs that let the internet in: inbound entries are read in rule-number order and the
// first one that matches internet traffic (0.0.0.0/0 or ::/0) decides, as the VPC applies them.
import type { NetworkAcl, NetworkAclEntry } from '@aws-sdk/client-ec2';
import { NACL_ADMIN_PORTS, naclPortCheckId } from '../catalog/aws-network.ts';
import { type AwsCheck, type Hit, tagsOf } from './check.ts';
import type { AwsInventory } from './inventory.ts';

const FAMILIES = [
  (e: NetworkAclEntry) => e.CidrBlock === '0.0.0.0/0',
  (e: NetworkAclEntry) => e.Ipv6CidrBlock === '::/0',
];

const allProtocols = (e: NetworkAclEntry) => e.Protocol === '-1';
const coversTcpPort = (port: number) => (e: NetworkAclEntry) =>
  allProtocols(e) ||
  (e.Protocol === '6' && (e.PortRange?.From ?? 0) <= port && (e.PortRange?.To ?? 65535) >= port);

/** The entry that decides the internet's traffic of this kind, per address family, if it allows. */
function allowingEntries(acl: NetworkAcl, matches: (e: NetworkAclEntry) => boolean) {
  const inbound = (acl.Entries ?? [])
    .filter((e) => !e.Egress)
    .sort((a, b) => (a.RuleNumber ?? 0) - (b.RuleNumber ?? 0));
  return FAMILIES.flatMap((world) => {
    const first = inbound.find((e) => world(e) && matches(e));
    return first?.RuleAction === 'allow' ? [first] : [];
  });
}

function aclHits(
  inv: AwsInventory,
  matches: (e: NetworkAclEntry) => boolean,
  what: string,
  exposedPorts?: number[],
): Hit[] {
  return inv.regions.flatMap((r) =>
    (r.networkAcls ?? []).flatMap((acl) => {
      const entries = allowingEntries(acl, matches);
      if (!entries.length) return [];
      const rules = entries.map(
        (e) => `rule ${e.RuleNumber} from ${e.CidrBlock ?? e.Ipv6CidrBlock}`,
      );
      return [
        {
          region: r.region,
          resourceId: `arn:aws:ec2:${r.region}:${inv.account}:network-acl/${acl.NetworkAclId}`,
          detail: `Network ACL ${acl.NetworkAclId} of ${acl.VpcId} allows ${what} from the internet: ${rules.join('; ')}.`,
          evidence: {
            networkAclId: acl.NetworkAclId,
            vpcId: acl.VpcId,
            isDefault: acl.IsDefault ?? false,
            entries,
            subnets: (acl.Associations ?? []).map((a) => a.SubnetId),
          },
          tags: tagsOf(acl.Tags),
          ...(exposedPorts ? { exposedPorts } : {}),
        },
      ];
    }),
  );
}

export const NACL_CHECKS: AwsCheck[] = [
  ...NACL_ADMIN_PORTS.map(
    (p): AwsCheck => ({
      id: naclPortCheckId(p),
      evaluate: (inv) => aclHits(inv, coversTcpPort(p.port), `${p.name} (TCP ${p.port})`, [p.port]),
    }),
  ),
  { id: 'aws_vpc_nacl_open_all', evaluate: (inv) => aclHits(inv, allProtocols, 'all traffic') },
];
