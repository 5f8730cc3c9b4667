import { Cloud, FlaskConical, type LucideIcon, Network, Radar } from 'lucide-react';

export type QuickAction = {
  title: string;
  description: string;
  badge: string;
  to: string;
  icon: LucideIcon;
};

export const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    title: 'Run Your First Scan',
    description: 'Discover hosts, open ports and services on a network you own.',
    badge: 'Quick Start',
    to: '/dashboard/scan',
    icon: Radar,
  },
  {
    title: 'View Network Topology',
    description: 'See how devices, segments and security zones connect.',
    badge: 'Visual',
    to: '/dashboard/topology',
    icon: Network,
  },
  {
    title: 'Connect Cloud Providers',
    description: 'Check AWS, Azure and GCP accounts for risky configuration.',
    badge: 'Enterprise',
    to: '/dashboard/cloud',
    icon: Cloud,
  },
  {
    title: 'Security Testing',
    description: 'Run test suites and track pass rates over time.',
    badge: 'Advanced',
    to: '/dashboard/testing',
    icon: FlaskConical,
  },
];
