// Security groups open to the internet (with the public addresses of the instances behind them),
// default security groups with rules, and VPCs without flow logs.
import type { Instance, IpPermission, SecurityGroup } from '@aws-sdk/client-ec2';
import { EXPOSED_SERVICES, sgPortCheckId } from '../catalog/aws-network.ts';
import { type AwsCheck, type Hit, tagsOf } from './check.ts';
import type { AwsInventory, RegionInventory } from './inventory.ts';

const WORLD = ['0.0.0.0/0', '::/0'];

/** The internet sources a rule admits. */
function openSources(p: IpPermission): string[] {
  return [
    ...(p.IpRanges ?? []).map((r) => r.CidrIp),
    ...(p.Ipv6Ranges ?? []).map((r) => r.CidrIpv6),
  ].filter((cidr): cidr is string => WORLD.includes(cidr ?? ''));
}

const allProtocols = (p: IpPermission) => p.IpProtocol === '-1' || p.IpProtocol === 'all';

const coversAllPorts = (p: IpPermission) =>
  allProtocols(p) ||
  (['tcp', 'udp', '6', '17'].includes(p.IpProtocol ?? '') &&
    (p.FromPort ?? 0) <= 1 &&
    (p.ToPort ?? 65535) >= 65535);

const coversTcpPort = (p: IpPermission, port: number) =>
  allProtocols(p) ||
  (['tcp', '6'].includes(p.IpProtocol ?? '') &&
    (p.FromPort ?? 0) <= port &&
    (p.ToPort ?? 65535) >= port);

const ruleText = (p: IpPermission) =>
  `${allProtocols(p) ? 'all protocols' : `${p.IpProtocol} ${p.FromPort}-${p.ToPort}`} from ${openSources(p).join(', ')}`;

/** Public IPv4 and IPv6 addresses of the instances that use each group. */
function publicAddressesByGroup(instances: Instance[] | undefined): Map<string, string[]> {
  const byGroup = new Map<string, string[]>();
  for (const instance of instances ?? []) {
    const addresses = [
      instance.PublicIpAddress,
      ...(instance.NetworkInterfaces ?? []).flatMap((n) => [
        n.Association?.PublicIp,
        ...(n.Ipv6Addresses ?? []).map((a) => a.Ipv6Address),
      ]),
    ].filter((a): a is string => Boolean(a));
    for (const group of instance.SecurityGroups ?? []) {
      const id = group.GroupId ?? '';
      byGroup.set(id, [...new Set([...(byGroup.get(id) ?? []), ...addresses])]);
    }
  }
  return byGroup;
}

const sgArn = (account: string, region: string, g: SecurityGroup) =>
  `arn:aws:ec2:${region}:${account}:security-group/${g.GroupId}`;

/** One hit per group with a rule that `matches`, naming the open rules. */
function openGroupHits(
  inv: AwsInventory,
  matches: (p: IpPermission) => boolean,
  describe: (g: SecurityGroup, rules: string[]) => string,
  exposedPorts?: number[],
): Hit[] {
  return inv.regions.flatMap((r: RegionInventory) => {
    const addresses = publicAddressesByGroup(r.instances);
    return (r.securityGroups ?? []).flatMap((g) => {
      const rules = (g.IpPermissions ?? []).filter((p) => openSources(p).length && matches(p));
      if (!rules.length) return [];
      const publicAddresses = addresses.get(g.GroupId ?? '') ?? [];
      return [
        {
          region: r.region,
          resourceId: sgArn(inv.account, r.region, g),
          detail: describe(g, rules.map(ruleText)),
          evidence: { groupId: g.GroupId, groupName: g.GroupName, vpcId: g.VpcId, rules },
          tags: tagsOf(g.Tags),
          ...(publicAddresses.length ? { publicAddresses } : {}),
          ...(exposedPorts ? { exposedPorts } : {}),
        },
      ];
    });
  });
}

const portChecks: AwsCheck[] = EXPOSED_SERVICES.map((s) => ({
  id: sgPortCheckId(s),
  evaluate: (inv) =>
    openGroupHits(
      inv,
      (p) => coversTcpPort(p, s.port),
      (g, rules) =>
        `Security group ${g.GroupId} (${g.GroupName}) admits ${s.name} port ${s.port} from the internet: ${rules.join('; ')}.`,
      [s.port],
    ),
}));

export const NETWORK_CHECKS: AwsCheck[] = [
  ...portChecks,
  {
    id: 'aws_ec2_sg_open_all',
    evaluate: (inv) =>
      openGroupHits(
        inv,
        coversAllPorts,
        (g, rules) =>
          `Security group ${g.GroupId} (${g.GroupName}) admits every port from the internet: ${rules.join('; ')}.`,
      ),
  },
  {
    id: 'aws_ec2_default_sg_allows_traffic',
    evaluate: (inv) =>
      inv.regions.flatMap((r) =>
        (r.securityGroups ?? [])
          .filter(
            (g) =>
              g.GroupName === 'default' &&
              (g.IpPermissions?.length || g.IpPermissionsEgress?.length),
          )
          .map((g) => ({
            region: r.region,
            resourceId: sgArn(inv.account, r.region, g),
            detail: `The default security group ${g.GroupId} of ${g.VpcId} has ${g.IpPermissions?.length ?? 0} inbound and ${g.IpPermissionsEgress?.length ?? 0} outbound rules.`,
            evidence: {
              groupId: g.GroupId,
              vpcId: g.VpcId,
              inbound: g.IpPermissions ?? [],
              outbound: g.IpPermissionsEgress ?? [],
            },
            tags: tagsOf(g.Tags),
          })),
      ),
  },
  {
    id: 'aws_vpc_flow_logs_off',
    evaluate: (inv) =>
      inv.regions.flatMap((r) => {
        if (!r.vpcs || !r.flowLogs) return [];
        const logged = new Set(
          r.flowLogs.filter((f) => f.FlowLogStatus === 'ACTIVE').map((f) => f.ResourceId),
        );
        return r.vpcs
          .filter((v) => !logged.has(v.VpcId))
          .map((v) => ({
            region: r.region,
            resourceId: `arn:aws:ec2:${r.region}:${inv.account}:vpc/${v.VpcId}`,
            detail: `VPC ${v.VpcId} (${v.CidrBlock}) has no active flow log.`,
            evidence: { vpcId: v.VpcId, cidr: v.CidrBlock, isDefault: v.IsDefault ?? false },
            tags: tagsOf(v.Tags),
          }));
      }),
  },
];
