// aws-revoke-open-ingress: revokes the 0.0.0.0/0 and ::/0 sources of a security group's inbound
// rules that expose the check's port (or every port); rollback authorizes the same rules again.
import {
  AuthorizeSecurityGroupIngressCommand,
  DescribeSecurityGroupsCommand,
  type IpPermission,
  RevokeSecurityGroupIngressCommand,
} from '@aws-sdk/client-ec2';
import { AWS_CHECKS, ec2Client } from '@netguard/cloud';
import { RemediationError } from '../execution.ts';
import { type AwsSession, regionOf, using } from './aws-session.ts';
import { exposureTest, isWorldSource, type PortRange } from './exposure.ts';
import type { ApiCall, CloudHandler } from './types.ts';

const REVOKE = 'ec2:RevokeSecurityGroupIngress';
const AUTHORIZE = 'ec2:AuthorizeSecurityGroupIngress';
const ALL_PROTOCOLS = ['-1', 'all'];

/** The ports a permission opens for the check: every protocol, TCP (and UDP for `_all`). */
function rangesOf(p: IpPermission, everyPort: boolean): PortRange[] {
  const protocol = p.IpProtocol ?? '';
  if (ALL_PROTOCOLS.includes(protocol)) return [[0, 65535]];
  if (!(everyPort ? ['tcp', 'udp', '6', '17'] : ['tcp', '6']).includes(protocol)) return [];
  return [[p.FromPort ?? 0, p.ToPort ?? 65535]];
}

/** Empty lists left out, as a person reads a rule. */
const tidy = (p: IpPermission): IpPermission =>
  JSON.parse(JSON.stringify(p, (_k, v) => (Array.isArray(v) && !v.length ? undefined : v)));

/** The permission's sources split into the internet's and the rest. */
function split(p: IpPermission) {
  const world = (cidr?: string) => isWorldSource(cidr) && cidr !== '*';
  const base = { IpProtocol: p.IpProtocol, FromPort: p.FromPort, ToPort: p.ToPort };
  const part = (keep: boolean): IpPermission => ({
    ...base,
    IpRanges: (p.IpRanges ?? []).filter((r) => world(r.CidrIp) === keep),
    Ipv6Ranges: (p.Ipv6Ranges ?? []).filter((r) => world(r.CidrIpv6) === keep),
    ...(keep ? {} : { UserIdGroupPairs: p.UserIdGroupPairs, PrefixListIds: p.PrefixListIds }),
  });
  return { open: tidy(part(true)), rest: tidy(part(false)) };
}

const hasSources = (p: IpPermission) =>
  Boolean(
    p.IpRanges?.length ||
      p.Ipv6Ranges?.length ||
      p.UserIdGroupPairs?.length ||
      p.PrefixListIds?.length,
  );

/** Descriptions are not part of what a revoke matches. */
const withoutDescriptions = (p: IpPermission): IpPermission => ({
  ...p,
  ...(p.IpRanges ? { IpRanges: p.IpRanges.map(({ CidrIp }) => ({ CidrIp })) } : {}),
  ...(p.Ipv6Ranges ? { Ipv6Ranges: p.Ipv6Ranges.map(({ CidrIpv6 }) => ({ CidrIpv6 })) } : {}),
});

function groupIdOf(resourceId: string): string {
  const id = /security-group\/(sg-[0-9a-z]+)$/.exec(resourceId)?.[1];
  if (!id) throw new RemediationError('missing_parameter', `${resourceId} names no security group`);
  return id;
}

const send = (session: AwsSession, call: ApiCall, region: string) =>
  using(
    session,
    (t) => ec2Client(t, region),
    async (ec2) => {
      const input = call.params as { GroupId: string; IpPermissions: IpPermission[] };
      const command =
        call.call === REVOKE
          ? new RevokeSecurityGroupIngressCommand(input)
          : new AuthorizeSecurityGroupIngressCommand(input);
      const { $metadata: _m, ...answer } = await ec2.send(command);
      return answer;
    },
  );

export const awsRevokeOpenIngress: CloudHandler<'aws'> = {
  provider: 'aws',
  async plan(session, finding) {
    const opens = exposureTest(AWS_CHECKS, finding.checkId);
    const everyPort = finding.checkId.endsWith('_all');
    const region = regionOf(session, finding);
    const GroupId = groupIdOf(finding.resourceId);
    const group = await session.step('ec2:DescribeSecurityGroups', () =>
      using(
        session,
        (t) => ec2Client(t, region),
        (ec2) => ec2.send(new DescribeSecurityGroupsCommand({ GroupIds: [GroupId] })),
      ).then((r) => r.SecurityGroups?.[0]),
    );
    const rules = (group?.IpPermissions ?? []).map(tidy);
    const matching = (p: IpPermission) => opens(rangesOf(p, everyPort));
    const open = rules
      .filter(matching)
      .map((p) => split(p).open)
      .filter(hasSources);
    const after = rules.map((p) => (matching(p) ? split(p).rest : p)).filter(hasSources);
    const resource = (IpPermissions: IpPermission[]) => ({
      GroupId,
      GroupName: group?.GroupName,
      VpcId: group?.VpcId,
      IpPermissions,
    });
    return {
      target: finding.resourceId,
      before: resource(rules),
      after: resource(after),
      calls: open.length
        ? [{ call: REVOKE, params: { GroupId, IpPermissions: open.map(withoutDescriptions) } }]
        : [],
      captured: { region, groupId: GroupId, ipPermissions: open },
    };
  },
  async restore(_session, captured) {
    const IpPermissions = captured.ipPermissions as IpPermission[];
    return IpPermissions.length
      ? [{ call: AUTHORIZE, params: { GroupId: captured.groupId, IpPermissions } }]
      : [];
  },
  send: (session, call, captured) => send(session, call, String(captured.region)),
};
