import type { TPermissionAction, TPermissionResource } from '@netguard/contracts';
import {
  Activity,
  BookOpen,
  Bot,
  Building2,
  ClipboardCheck,
  Cloud,
  CreditCard,
  FileText,
  FlaskConical,
  History,
  LayoutDashboard,
  type LucideIcon,
  Network,
  Radar,
  Settings,
  ShieldAlert,
  Siren,
  TestTubeDiagonal,
  Wrench,
} from 'lucide-react';

export type TNavItem = {
  title: string;
  url: string;
  icon: LucideIcon;
  /** What the page needs from the permission matrix; without it every role opens it. */
  needs?: { resource: TPermissionResource; action: TPermissionAction };
};
export type TNavGroup = { label: string; items: readonly TNavItem[] };

/**
 * The dashboard sidebar of spec part 1 §2 (the Sign Out action is added by the sidebar), plus
 * Scan History after Scan Network: every scan, where the dashboard shows the last five.
 */
export const NAV_GROUPS: readonly TNavGroup[] = [
  {
    label: 'Main Menu',
    items: [
      { title: 'Dashboard', url: '/dashboard', icon: LayoutDashboard },
      {
        title: 'Scan Network',
        url: '/dashboard/scan',
        icon: Radar,
        needs: { resource: 'scan', action: 'create' },
      },
      {
        title: 'Scan History',
        url: '/dashboard/scans',
        icon: History,
        needs: { resource: 'scan', action: 'read' },
      },
      {
        title: 'Packet Analysis',
        url: '/dashboard/packets',
        icon: Activity,
        needs: { resource: 'packet', action: 'read' },
      },
      { title: 'Network Topology', url: '/dashboard/topology', icon: Network },
      {
        title: 'Vulnerabilities',
        url: '/dashboard/vulnerabilities',
        icon: ShieldAlert,
        needs: { resource: 'vulnerability', action: 'read' },
      },
      {
        title: 'Reports',
        url: '/dashboard/reports',
        icon: FileText,
        needs: { resource: 'report', action: 'read' },
      },
      {
        title: 'Cloud Security',
        url: '/dashboard/cloud',
        icon: Cloud,
        needs: { resource: 'cloud', action: 'read' },
      },
      { title: 'Security Testing', url: '/dashboard/security-testing', icon: FlaskConical },
      { title: 'AI Risk Scoring', url: '/dashboard/ai-risk-scoring', icon: Bot },
      { title: 'Auto Remediation', url: '/dashboard/automated-remediation', icon: Wrench },
      { title: 'Compliance Evidence', url: '/dashboard/compliance-evidence', icon: ClipboardCheck },
      { title: 'SIEM Integrations', url: '/dashboard/siem-integrations', icon: Siren },
      {
        title: 'Enterprise Security',
        url: '/dashboard/enterprise-security',
        icon: Building2,
        needs: { resource: 'audit', action: 'read' },
      },
    ],
  },
  { label: 'Help', items: [{ title: 'Help & Guide', url: '/help', icon: BookOpen }] },
  {
    label: 'Account',
    items: [
      { title: 'Settings', url: '/dashboard/settings', icon: Settings },
      { title: 'Billing', url: '/dashboard/billing', icon: CreditCard },
      { title: 'System Test', url: '/dashboard/system-test', icon: TestTubeDiagonal },
    ],
  },
];

/** True when `url` is the current page (the dashboard home only on an exact match). */
export function isNavItemActive(url: string, pathname: string): boolean {
  if (url === '/dashboard') return pathname === '/dashboard' || pathname === '/dashboard/';
  return pathname === url || pathname.startsWith(`${url}/`);
}
