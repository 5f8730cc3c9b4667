import { Activity, Cloud, FlaskConical, type LucideIcon, Radar } from 'lucide-react';

export type ProductFeature = {
  title: string;
  description: string;
  icon: LucideIcon;
  capabilities: readonly [string, string, string, string];
};

export const PRODUCT_FEATURES: readonly ProductFeature[] = [
  {
    title: 'Network Scanning',
    description: 'Real scans of the networks you own.',
    icon: Radar,
    capabilities: [
      'Host discovery across IPs, hostnames, CIDR subnets and ranges',
      'TCP connect port scanning with adaptive timing',
      'Service and version detection from banners',
      'Vulnerability checks with severity and CVE references',
    ],
  },
  {
    title: 'Packet Analysis',
    description: 'Look inside the traffic on your network.',
    icon: Activity,
    capabilities: [
      'Live capture on the NetGuard server',
      'Import of pcap and pcapng capture files',
      'Protocol distribution and top talkers',
      'Filters by host, protocol and packet details',
    ],
  },
  {
    title: 'Cloud Security',
    description: 'Posture checks for your cloud accounts.',
    icon: Cloud,
    capabilities: [
      'AWS, Azure and GCP in one multi-cloud scan',
      'Security group and firewall rule analysis',
      'Storage bucket permission checks',
      'IAM policy review with recommendations',
    ],
  },
  {
    title: 'Security Testing',
    description: 'Verify that your defences hold.',
    icon: FlaskConical,
    capabilities: [
      'Security, integration and performance test suites',
      'Live progress and pass rate for each run',
      'History of your last 10 runs',
      'Downloadable test execution reports',
    ],
  },
];
