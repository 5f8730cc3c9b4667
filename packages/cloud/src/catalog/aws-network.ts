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
