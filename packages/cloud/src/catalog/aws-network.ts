// AWS network exposure checks: security groups open to the internet, per service port.
import type { CheckMeta, Severity } from '../types.ts';
import { NETWORK_EXPOSURE } from './frameworks.ts';

/** A service whose port must not be open to 0.0.0.0/0 or ::/0. */
export type ExposedService = { key: string; name: string; port: number; severity: Severity };

export const EXPOSED_SERVICES: ExposedService[] = [
  { key: 'ssh', name: 'SSH', port: 22, severity: 'high' },
  { key: 'rdp', name: 'RDP', port: 3389, severity: 'high' },
  { key: 'mysql', name: 'MySQL', port: 3306, severity: 'high' },
  { key: 'postgres', name: 'PostgreSQL', port: 5432, severity: 'high' },
  { key: 'mssql', name: 'Microsoft SQL Server', port: 1433, severity: 'high' },
  { key: 'oracle', name: 'Oracle Database', port: 1521, severity: 'high' },
  { key: 'mongodb', name: 'MongoDB', port: 27017, severity: 'high' },
  { key: 'redis', name: 'Redis', port: 6379, severity: 'high' },
  { key: 'elasticsearch', name: 'Elasticsearch', port: 9200, severity: 'high' },
  { key: 'memcached', name: 'Memcached', port: 11211, severity: 'high' },
  { key: 'telnet', name: 'Telnet', port: 23, severity: 'high' },
  { key: 'ftp', name: 'FTP', port: 21, severity: 'high' },
  { key: 'smb', name: 'SMB/CIFS', port: 445, severity: 'high' },
  { key: 'kafka', name: 'Kafka', port: 9092, severity: 'high' },
  { key: 'kibana', name: 'Kibana', port: 5601, severity: 'high' },
  { key: 'cassandra', name: 'Cassandra', port: 9042, severity: 'high' },
];

/** Ports whose exposure through a network ACL is a check of its own (CIS AWS 5.1). */
export const NACL_ADMIN_PORTS = [
  { key: 'ssh', name: 'SSH', port: 22 },
  { key: 'rdp', name: 'RDP', port: 3389 },
];

export const naclPortCheckId = (p: { key: string }) => `aws_vpc_nacl_open_${p.key}`;

const naclCheck = (
  m: Omit<CheckMeta, 'provider' | 'service' | 'resourceType' | 'frameworks' | 'severity'>,
): CheckMeta => ({
  provider: 'aws',
  service: 'ec2',
  resourceType: 'network_acl',
  severity: 'medium',
  frameworks: NETWORK_EXPOSURE,
  ...m,
});

const NACL_CHECKS: CheckMeta[] = [
  ...NACL_ADMIN_PORTS.map((p) =>
    naclCheck({
      id: naclPortCheckId(p),
      title: `Network ACL allows ${p.name} (port ${p.port}) from the internet`,
      description: `The first inbound entry of the ACL that matches 0.0.0.0/0 or ::/0 on TCP ${p.port} (${p.name}) allows it (CIS AWS 5.1).`,
      risk: `Subnets behind the ACL rely on security groups alone to keep ${p.name} from the internet.`,
      remediation: `Add a deny entry for TCP ${p.port} from 0.0.0.0/0 and ::/0 ahead of the allow, or narrow the allow to the administrators' ranges.`,
      cli: `aws ec2 create-network-acl-entry --network-acl-id <acl-id> --ingress --rule-number 50 --protocol tcp --port-range From=${p.port},To=${p.port} --cidr-block 0.0.0.0/0 --rule-action deny`,
      exposedPorts: [p.port],
    }),
  ),
  naclCheck({
    id: 'aws_vpc_nacl_open_all',
    title: 'Network ACL allows all traffic from the internet',
    description:
      'An inbound entry allows every protocol from 0.0.0.0/0 or ::/0, with no earlier entry denying all of it.',
    risk: 'The ACL adds no layer of defence: every port of every subnet behind it is up to its security groups.',
    remediation: 'Replace the allow-all entry with entries for the ports the subnets serve.',
    cli: 'aws ec2 replace-network-acl-entry --network-acl-id <acl-id> --ingress --rule-number <n> --protocol tcp --port-range From=443,To=443 --cidr-block 0.0.0.0/0 --rule-action allow',
  }),
];

export const sgPortCheckId = (s: ExposedService) => `aws_ec2_sg_open_${s.key}`;

const sgPortCheck = (s: ExposedService): CheckMeta => ({
  id: sgPortCheckId(s),
  provider: 'aws',
  service: 'ec2',
  resourceType: 'ec2_security_group',
  title: `Security group allows ${s.name} (port ${s.port}) from the internet`,
  severity: s.severity,
  description: `An inbound rule admits TCP port ${s.port} (${s.name}) from 0.0.0.0/0 or ::/0.`,
  risk: `Anyone on the internet can reach ${s.name} on instances and interfaces that use the group: brute force, exploits of the service and data theft follow.`,
  remediation: `Remove the rule, or narrow its source to the addresses that need ${s.name} (a VPN, a bastion or a prefix list).`,
  cli: `aws ec2 revoke-security-group-ingress --group-id <group-id> --protocol tcp --port ${s.port} --cidr 0.0.0.0/0`,
  frameworks: NETWORK_EXPOSURE,
  exposedPorts: [s.port],
});

export const AWS_NETWORK_CHECKS: CheckMeta[] = [
  ...EXPOSED_SERVICES.map(sgPortCheck),
  ...NACL_CHECKS,
  {
    id: 'aws_ec2_sg_open_all',
    provider: 'aws',
    service: 'ec2',
    resourceType: 'ec2_security_group',
    title: 'Security group allows all ports from the internet',
    severity: 'critical',
    description:
      'An inbound rule admits all protocols, or every TCP or UDP port, from 0.0.0.0/0 or ::/0.',
    risk: 'Every service on the attached instances is reachable from the internet, including ones never meant to be public.',
    remediation:
      'Replace the rule with rules for the ports the workload serves, from the sources that need them.',
    cli: 'aws ec2 revoke-security-group-ingress --group-id <group-id> --ip-permissions IpProtocol=-1,IpRanges=[{CidrIp=0.0.0.0/0}]',
    frameworks: NETWORK_EXPOSURE,
  },
  {
    id: 'aws_ec2_default_sg_allows_traffic',
    provider: 'aws',
    service: 'ec2',
    resourceType: 'ec2_security_group',
    title: 'Default security group allows traffic',
    severity: 'medium',
    description: "A VPC's default security group has inbound or outbound rules (CIS AWS 5.4).",
    risk: 'Resources launched without a group get the default one: its rules open paths nobody chose.',
    remediation:
      'Remove every inbound and outbound rule of the default group and give resources groups of their own.',
    cli: 'aws ec2 revoke-security-group-ingress --group-id <default-group-id> --ip-permissions <rules>',
    frameworks: NETWORK_EXPOSURE,
  },
];
