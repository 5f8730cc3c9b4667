// Addresses no tenant-chosen connection may reach (scans, SIEM, SSO, SSH hosts, cloud endpoints):
// the engine's scan scope and the egress policy (@netguard/egress) both start from this list.

export type DeniedRange = { cidr: string; why: string };

/** IPv4 ranges denied unless a deployment explicitly turns the list off for scans. */
export const BUILT_IN_DENY_V4: readonly DeniedRange[] = [
  {
    cidr: '169.254.0.0/16',
    why: 'link-local / cloud metadata of AWS, GCP, Azure, OpenStack, Oracle Cloud, DigitalOcean (169.254.169.254)',
  },
  { cidr: '100.100.100.200/32', why: 'Alibaba Cloud instance metadata' },
  { cidr: '168.63.129.16/32', why: 'Azure WireServer: platform agent, DNS and health probes' },
  { cidr: '192.0.0.192/32', why: 'Oracle Cloud Classic instance metadata' },
  { cidr: '0.0.0.0/8', why: '"this network"' },
  { cidr: '224.0.0.0/4', why: 'multicast' },
  { cidr: '255.255.255.255/32', why: 'broadcast' },
];

/** Their IPv6 counterparts (IPv4-mapped addresses are checked as IPv4). */
export const BUILT_IN_DENY_V6: readonly DeniedRange[] = [
  { cidr: 'fe80::/10', why: 'link-local' },
  { cidr: 'fd00:ec2::254/128', why: 'AWS instance metadata (IPv6)' },
  { cidr: '::/128', why: 'the unspecified address' },
  { cidr: 'ff00::/8', why: 'multicast' },
];

/** Connection tests (SIEM, SSH hosts, identity providers) an organization may run per minute. */
export const CONNECTION_TESTS_PER_MINUTE = 10;

export const EGRESS_MESSAGES = {
  testsRateLimited: (limit: number) =>
    `Too many connection tests: at most ${limit} per minute per organization. Try again in a minute.`,
} as const;
