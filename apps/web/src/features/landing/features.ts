import { Activity, FileText, type LucideIcon, Radar, ShieldAlert } from 'lucide-react';

export type TLandingFeature = { title: string; description: string; icon: LucideIcon };

/** The four feature cards of the landing page (spec part 1 §1). */
export const LANDING_FEATURES: readonly TLandingFeature[] = [
  {
    title: 'Network Scanning',
    description:
      'Discover hosts, open ports and running services across IP addresses, hostnames and CIDR ranges.',
    icon: Radar,
  },
  {
    title: 'Packet Analysis',
    description:
      'Inspect traffic by protocol, source and destination to spot unusual activity on your network.',
    icon: Activity,
  },
  {
    title: 'Vulnerability Detection',
    description:
      'Identify known weaknesses, rank them by severity and track every mitigation to completion.',
    icon: ShieldAlert,
  },
  {
    title: 'Security Reports',
    description:
      'Produce executive, technical, compliance and trend reports from your real scan results.',
    icon: FileText,
  },
];
