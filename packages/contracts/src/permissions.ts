import type { TRole } from './validation.ts';

/**
 * What a permission is about. Spec part 2 §6 names scan, vulnerability, report, audit, dashboard
 * and security_scan; the others split out what the spec's "admin (all)" covers.
 */
export const PERMISSION_RESOURCES = [
  /** Overview pages: dashboard, analytics, risk scoring, the topology map, asset context (read). */
  'dashboard',
  /** Network scans: list, launch, cancel, import, export; topology ping and port scan. */
  'scan',
  /** Findings, their history and mitigation actions. */
  'vulnerability',
  /** Security reports: generate, list, download. */
  'report',
  /** Security events and the audit log. */
  'audit',
  /** Capture files and their packets. */
  'packet',
  /** Live capture on the server's interfaces (deployment operators among the admins only). */
  'capture',
  /** Changing a host's or tag's asset context (criticality, mission, owner). */
  'asset_context',
  /** Organization-wide settings: scan limits and timeout, topology settings. */
  'organization',
  /** Subscription changes: checkout, billing portal, cancel. */
  'billing',
  /** Vulnerability feed imports (deployment operators among the admins only). */
  'feed',
  /** The Enterprise Security Center's assessment of the organization. */
  'security_scan',
  /** Security incidents opened by the anomaly rules: triage, notes, assignment, merge. */
  'incident',
  /** Cloud connections (admins connect and disconnect), cloud scans and their findings, mute rules (admins). */
  'cloud',
  /** SIEM integrations: admins create and edit, analysts test and replay, auditors read the delivery log. */
  'siem',
  /**
   * Automated remediation: analysts propose, approve where the policy lets them, and roll back;
   * admins also manage SSH hosts, workflows and the policy; auditors read and export the history.
   */
  'remediation',
  /**
   * Compliance evidence: auditors read everything, download packages and reports and mark
   * uploads reviewed (update); analysts read and collect (execute); admins also upload and
   * configure schedules (create).
   */
  'evidence',
  /** Self-test suites (issue 35): admins run them, analysts read, auditors read and download reports. */
  'selftest',
  /** The quick test (the passive self-tests): admins and security analysts run it. */
  'quick_test',
] as const;
export type TPermissionResource = (typeof PERMISSION_RESOURCES)[number];

export const PERMISSION_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'execute',
  'export',
] as const;
export type TPermissionAction = (typeof PERMISSION_ACTIONS)[number];

type Grants = Partial<Record<TPermissionResource, readonly TPermissionAction[]>>;

const everything: Grants = Object.fromEntries(
  PERMISSION_RESOURCES.map((resource) => [resource, PERMISSION_ACTIONS]),
);

/**
 * The one permission matrix (role × resource → actions). The server's guard enforces it on every
 * route; the web reads it to hide or disable what a role cannot do. Spec part 2 §6: admin all;
 * security_analyst scan, vulnerability, report, dashboard (plus capture files and asset context);
 * auditor report, audit, dashboard, read-only plus exports (generating a report exports data);
 * viewer dashboard. Cloud posture (issue 19): admins manage connections and mute rules, analysts
 * run scans and read, auditors and viewers read. SIEM (issue 20): admins create and edit,
 * analysts test and replay, auditors read the delivery log and export it.
 */
export const ROLE_PERMISSIONS: Record<TRole, Grants> = {
  admin: everything,
  security_analyst: {
    dashboard: ['read'],
    scan: ['read', 'create', 'update', 'execute', 'export'],
    vulnerability: ['read', 'update', 'export'],
    report: ['read', 'create', 'export'],
    packet: ['read', 'create', 'delete', 'export'],
    asset_context: ['update'],
    incident: ['read', 'update'],
    cloud: ['read', 'execute'],
    siem: ['read', 'execute'],
    remediation: ['read', 'create', 'execute'],
    evidence: ['read', 'execute'],
    selftest: ['read'],
    quick_test: ['execute'],
  },
  auditor: {
    dashboard: ['read'],
    report: ['read', 'create', 'export'],
    audit: ['read', 'export'],
    incident: ['read', 'export'],
    cloud: ['read', 'export'],
    siem: ['read', 'export'],
    remediation: ['read', 'export'],
    evidence: ['read', 'update', 'export'],
    selftest: ['read', 'export'],
  },
  viewer: { dashboard: ['read'], cloud: ['read'] },
};

/** A missing or unknown role is viewer (spec part 2 §6). */
export function effectiveRole(role: string | null | undefined): TRole {
  return role && role in ROLE_PERMISSIONS ? (role as TRole) : 'viewer';
}

/** Whether `role` may do `action` on `resource`. */
export function can(
  role: TRole | null | undefined,
  resource: TPermissionResource,
  action: TPermissionAction,
): boolean {
  return ROLE_PERMISSIONS[effectiveRole(role)][resource]?.includes(action) ?? false;
}

/** The 403 message when a role lacks a resource; a route may name a more precise one. */
export const PERMISSION_DENIED: Record<TPermissionResource, string> = {
  dashboard: 'Insufficient permissions for the dashboard',
  scan: 'Insufficient permissions for security scan',
  vulnerability: 'Insufficient permissions for vulnerability management',
  report: 'Insufficient permissions for reports',
  audit: 'Insufficient permissions for the audit log',
  packet: 'Packet analysis needs the admin or security analyst role in your organization.',
  capture: 'Live capture needs the admin role in your organization.',
  asset_context: 'Insufficient permissions to change asset criticality',
  organization: 'Only administrators can change organization settings',
  billing: 'Only administrators can change the subscription',
  feed: 'Only administrators can manage vulnerability feeds',
  security_scan: 'Insufficient permissions for security scan',
  incident: 'Insufficient permissions for security incidents',
  cloud: 'Insufficient permissions for cloud integrations',
  siem: 'Insufficient permissions for SIEM integrations',
  remediation: 'Insufficient permissions for remediation',
  evidence: 'Insufficient permissions for compliance evidence',
  selftest: 'Only administrators can run the security test suites',
  quick_test: 'The quick test needs the admin or security analyst role in your organization.',
};

export const ROLE_LABELS: Record<TRole, string> = {
  admin: 'Admin',
  security_analyst: 'Security Analyst',
  auditor: 'Auditor',
  viewer: 'Viewer',
};

/** Which roles may do it. */
export function rolesAllowed(resource: TPermissionResource, action: TPermissionAction): TRole[] {
  return (Object.keys(ROLE_PERMISSIONS) as TRole[]).filter((role) => can(role, resource, action));
}

/**
 * Why a role cannot do it, for a tooltip: the 403 text and who can.
 * @example deniedReason('scan', 'create') // 'Insufficient permissions for security scan. Allowed for: Admin, Security Analyst.'
 */
export function deniedReason(resource: TPermissionResource, action: TPermissionAction): string {
  const who = rolesAllowed(resource, action).map((role) => ROLE_LABELS[role]);
  return `${PERMISSION_DENIED[resource].replace(/\.$/, '')}. Allowed for: ${who.join(', ')}.`;
}

/**
 * What a route needs: a resource and action from the matrix, or `self` for what every signed-in
 * user does to their own account (profile, password, MFA, API keys, sessions).
 */
export type TRoutePermission =
  | { resource: TPermissionResource; action: TPermissionAction; denied?: string }
  | 'self';
