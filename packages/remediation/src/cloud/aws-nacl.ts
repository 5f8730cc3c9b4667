// aws-nacl-deny-admin-port: a network ACL whose inbound entries let the internet reach SSH or RDP
// gets a deny entry for that TCP port ahead of the allowing entry, per address family that the
// ACL allows (0.0.0.0/0, ::/0); the rest of the ACL is left as it was. Rollback deletes the
// entries it added. The entries are read as the VPC applies them: by rule number, the first match
// decides (as the aws_vpc_nacl_open_* checks read them).
import {
  CreateNetworkAclEntryCommand,
  DeleteNetworkAclEntryCommand,
  DescribeNetworkAclsCommand,
  type NetworkAclEntry,
} from '@aws-sdk/client-ec2';
import { AWS_CHECKS, ec2Client } from '@netguard/cloud';
import { RemediationError } from '../execution.ts';
import { type AwsSession, regionOf, using } from './aws-session.ts';
import type { ApiCall, CloudHandler } from './types.ts';

const CREATE = 'ec2:CreateNetworkAclEntry';
const DELETE = 'ec2:DeleteNetworkAclEntry';
const TCP = '6';

const FAMILIES = [
  { key: 'CidrBlock', world: '0.0.0.0/0' },
  { key: 'Ipv6CidrBlock', world: '::/0' },
] as const;

function aclIdOf(resourceId: string): string {
  const id = /network-acl\/(acl-[0-9a-z]+)$/.exec(resourceId)?.[1];
  if (!id) throw new RemediationError('missing_parameter', `${resourceId} names no network ACL`);
  return id;
}

function portOf(checkId: string): number {
  const port = AWS_CHECKS.find((c) => c.id === checkId)?.exposedPorts?.[0];
  if (port === undefined || !checkId.startsWith('aws_vpc_nacl_open_'))
    throw new RemediationError('missing_parameter', `${checkId} is not a network ACL port check`);
  return port;
}

const coversTcpPort = (e: NetworkAclEntry, port: number) =>
  e.Protocol === '-1' ||
  (e.Protocol === TCP && (e.PortRange?.From ?? 0) <= port && (e.PortRange?.To ?? 65535) >= port);

/** Inbound entries in the order the VPC reads them; the default entry (32767) last. */
const inboundOf = (entries: NetworkAclEntry[] | undefined) =>
  (entries ?? [])
    .filter((e) => !e.Egress)
    .sort((a, b) => (a.RuleNumber ?? 0) - (b.RuleNumber ?? 0));

/** The highest rule number below `below` that no inbound entry uses. */
function freeNumberBelow(below: number, used: Set<number>, aclId: string): number {
  for (let n = below - 1; n >= 1; n--) if (!used.has(n)) return n;
  throw new RemediationError(
    'missing_parameter',
    `${aclId} has no free rule number ahead of rule ${below}: renumber its entries first`,
  );
}

type AddedEntry = NetworkAclEntry & { NetworkAclId: string; RuleNumber: number };

/** The deny entries that make the internet's first match for TCP `port` a deny, per family. */
function denyEntries(aclId: string, inbound: NetworkAclEntry[], port: number): AddedEntry[] {
  const used = new Set(inbound.map((e) => e.RuleNumber ?? 0));
  return FAMILIES.flatMap(({ key, world }) => {
    const first = inbound.find((e) => e[key] === world && coversTcpPort(e, port));
    if (first?.RuleAction !== 'allow') return [];
    const RuleNumber = freeNumberBelow(first.RuleNumber ?? 0, used, aclId);
    used.add(RuleNumber);
    const entry: AddedEntry = {
      NetworkAclId: aclId,
      RuleNumber,
      Egress: false,
      Protocol: TCP,
      RuleAction: 'deny',
      PortRange: { From: port, To: port },
    };
    entry[key] = world;
    return [entry];
  });
}

/** An entry as a person reads it in the diff (the fields the VPC matches on). */
const shown = (e: NetworkAclEntry) => ({
  RuleNumber: e.RuleNumber,
  Protocol: e.Protocol,
  RuleAction: e.RuleAction,
  ...(e.CidrBlock ? { CidrBlock: e.CidrBlock } : {}),
  ...(e.Ipv6CidrBlock ? { Ipv6CidrBlock: e.Ipv6CidrBlock } : {}),
  ...(e.PortRange ? { PortRange: { From: e.PortRange.From, To: e.PortRange.To } } : {}),
});

const send = (session: AwsSession, call: ApiCall, region: string) =>
  using(
    session,
    (t) => ec2Client(t, region),
    async (ec2) => {
      const { $metadata: _m, ...answer } =
        call.call === CREATE
          ? await ec2.send(new CreateNetworkAclEntryCommand(call.params as never))
          : await ec2.send(new DeleteNetworkAclEntryCommand(call.params as never));
      return answer;
    },
  );

export const awsNaclDenyAdminPort: CloudHandler<'aws'> = {
  provider: 'aws',
  async plan(session, finding) {
    const port = portOf(finding.checkId);
    const region = regionOf(session, finding);
    const NetworkAclId = aclIdOf(finding.resourceId);
    const acl = await session.step('ec2:DescribeNetworkAcls', () =>
      using(
        session,
        (t) => ec2Client(t, region),
        (ec2) => ec2.send(new DescribeNetworkAclsCommand({ NetworkAclIds: [NetworkAclId] })),
      ).then((r) => r.NetworkAcls?.[0]),
    );
    if (!acl) throw new RemediationError('cloud_call_failed', `${NetworkAclId} was not found`);
    const inbound = inboundOf(acl.Entries);
    const added = denyEntries(NetworkAclId, inbound, port);
    const resource = (entries: NetworkAclEntry[]) => ({
      NetworkAclId,
      VpcId: acl.VpcId,
      Inbound: inboundOf(entries).map(shown),
    });
    return {
      target: finding.resourceId,
      before: resource(inbound),
      after: resource([...inbound, ...added]),
      calls: added.map((entry) => ({ call: CREATE, params: { ...entry } })),
      captured: {
        region,
        networkAclId: NetworkAclId,
        ruleNumbers: added.map((e) => e.RuleNumber),
      },
    };
  },
  async restore(_session, captured) {
    return (captured.ruleNumbers as number[]).map((RuleNumber) => ({
      call: DELETE,
      params: { NetworkAclId: captured.networkAclId, RuleNumber, Egress: false },
    }));
  },
  send: (session, call, captured) => send(session, call, String(captured.region)),
};
