// AWS compute checks: EC2 instances' metadata service and public addresses.
import type { CheckMeta } from '../types.ts';
import { NETWORK_EXPOSURE, SECURE_CONFIGURATION } from './frameworks.ts';

type Meta = Omit<CheckMeta, 'provider' | 'service' | 'resourceType'>;
const instance = (m: Meta): CheckMeta => ({
  provider: 'aws',
  service: 'ec2',
  resourceType: 'ec2_instance',
  ...m,
});

export const AWS_COMPUTE_CHECKS: CheckMeta[] = [
  instance({
    id: 'aws_ec2_imdsv2_off',
    title: 'EC2 instance allows IMDSv1 (no session token)',
    severity: 'high',
    description:
      'The instance metadata service is on and does not require session tokens (HttpTokens is optional).',
    risk: 'A server-side request forgery in any application on the instance can read the role credentials from the metadata service.',
    remediation: 'Require IMDSv2 tokens on the instance (and in launch templates).',
    cli: 'aws ec2 modify-instance-metadata-options --instance-id <instance-id> --http-tokens required --http-endpoint enabled',
    frameworks: SECURE_CONFIGURATION,
  }),
  instance({
    id: 'aws_ec2_instance_public_ip',
    title: 'EC2 instance has a public IP address',
    severity: 'medium',
    description:
      'The instance has a public IPv4 address and can be reached from the internet wherever its security groups allow.',
    risk: 'One permissive security group rule away from exposure; scanners find public addresses within minutes.',
    remediation:
      'Place the instance in a private subnet behind a load balancer, NAT or Systems Manager, and release the public address.',
    cli: 'aws ec2 modify-subnet-attribute --subnet-id <subnet-id> --no-map-public-ip-on-launch  (then relaunch the instance without a public address)',
    frameworks: NETWORK_EXPOSURE,
  }),
];
