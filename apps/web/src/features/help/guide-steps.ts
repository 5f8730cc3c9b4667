import {
  Activity,
  Cloud,
  FileText,
  FlaskConical,
  type LucideIcon,
  Radar,
  Rocket,
  ShieldAlert,
} from 'lucide-react';
import { REPORT_FRAMEWORKS_TEXT } from './help-claims';

export type GuideLink = { label: string; to: string };

export type GuideStep = {
  id: string;
  title: string;
  summary: string;
  icon: LucideIcon;
  tips: readonly string[];
  links?: readonly GuideLink[];
};

export const GUIDE_STEPS: readonly GuideStep[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    summary: 'Set up your account and run your first assessment.',
    icon: Rocket,
    tips: [
      'Complete your profile and notification preferences in Settings.',
      'Open Scan Network, name the scan, pick a scan type and add the targets you may test.',
      'Launch the scan and follow it in the live scan-status panel on the dashboard.',
      'Review the findings on the Vulnerabilities page and plan the fixes.',
    ],
    links: [
      { label: 'Open Settings', to: '/dashboard/settings' },
      { label: 'Start a Scan', to: '/dashboard/scan' },
      { label: 'View Vulnerabilities', to: '/dashboard/vulnerabilities' },
    ],
  },
  {
    id: 'network-scanning',
    title: 'Network Scanning',
    summary: 'Discover hosts, open ports and the services behind them.',
    icon: Radar,
    tips: [
      'Start with Network Discovery to learn which hosts answer before running longer scans.',
      'Scans use TCP connect probes: each open port sees a full handshake, so warn the owners of the hosts first.',
      'Scan Details estimates the duration from your recent scans of the same type; more targets and filtered ports take longer.',
      'Invalid targets are skipped with a notice and duplicates are removed: check the target chips before you launch.',
    ],
  },
  {
    id: 'packet-analysis',
    title: 'Packet Analysis',
    summary: 'Inspect traffic live or from capture files.',
    icon: Activity,
    tips: [
      'Click Start Capture to record traffic seen by the NetGuard server and Stop Capture when you have enough.',
      'Import a pcap or pcapng file to analyse traffic captured elsewhere.',
      'Filter on source, destination, protocol or info text and narrow further with the protocol selector.',
      'Select a packet for its Summary and Payload; Protocol Distribution and Top Hosts give the big picture.',
    ],
  },
  {
    id: 'vulnerability-management',
    title: 'Vulnerability Management',
    summary: 'Triage findings by severity and track every fix.',
    icon: ShieldAlert,
    tips: [
      'Search by title, host, type or CVE ID and filter by severity and mitigation status.',
      'Open the Details tab for the description, the recommended solution and the CVE reference.',
      'Move each mitigation action through pending, in_progress, completed or dismissed.',
      'Critical workflow example: filter on Critical, patch every finding with a CVSS score above 9.0 first, then re-scan and mark the action completed.',
    ],
  },
  {
    id: 'cloud-security',
    title: 'Cloud Security',
    summary: 'Check AWS, Azure and GCP accounts for risky configuration.',
    icon: Cloud,
    tips: [
      'Connect each provider on the Cloud Security page with read-only credentials.',
      'Run Multi-Cloud Scan once at least one provider shows as connected.',
      'Checks cover security groups and firewall rules, storage bucket permissions and IAM policies.',
      'Each result lists what was found and the top recommendations to fix it.',
    ],
    links: [{ label: 'Connect Cloud Providers', to: '/dashboard/cloud' }],
  },
  {
    id: 'security-reporting',
    title: 'Security Reporting',
    summary: 'Turn scan results into reports for every audience.',
    icon: FileText,
    tips: [
      'Generate an Executive Summary, Technical Report, Compliance Report or Trend Analysis.',
      'Reports use your 10 most recent completed scans, so complete at least one scan first.',
      `Compliance reports map control status to ${REPORT_FRAMEWORKS_TEXT}.`,
      'Export reports as PDF, CSV or JSON to share them or feed other tools.',
    ],
  },
  {
    id: 'security-testing',
    title: 'Security Testing',
    summary: 'Verify that your defences and integrations hold.',
    icon: FlaskConical,
    tips: [
      'Pick a test suite and run it; the current execution card shows its progress.',
      'Read the pass rate: 90% or more is healthy, below 70% needs attention.',
      'The history keeps your last 10 runs so you can compare results over time.',
      'Generate a report of any execution and download it for your records.',
    ],
    links: [{ label: 'Open Security Testing', to: '/dashboard/testing' }],
  },
];
