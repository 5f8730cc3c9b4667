import { describe, expect, it } from 'vitest';
import {
  can,
  deniedReason,
  effectiveRole,
  PERMISSION_ACTIONS,
  PERMISSION_RESOURCES,
  type ROLE_PERMISSIONS,
  rolesAllowed,
} from './permissions.ts';

/** Resources each role holds at all (any action), as spec part 2 §6 lists them. */
const held = (role: keyof typeof ROLE_PERMISSIONS) =>
  PERMISSION_RESOURCES.filter((r) => PERMISSION_ACTIONS.some((a) => can(role, r, a)));

describe('permission matrix', () => {
  it('gives admin everything', () => {
    for (const r of PERMISSION_RESOURCES)
      for (const a of PERMISSION_ACTIONS) expect(can('admin', r, a), `${r}:${a}`).toBe(true);
  });

  it('keeps the spec roles: analyst scan, vulnerability, report, dashboard (+ packets, asset context); auditor report, audit, dashboard; viewer dashboard; cloud read for all', () => {
    expect(held('security_analyst')).toEqual([
      'dashboard',
      'scan',
      'vulnerability',
      'report',
      'packet',
      'asset_context',
      'incident',
      'cloud',
      'siem',
      'remediation',
      'evidence',
      'selftest',
      'quick_test',
    ]);
    expect(held('auditor')).toEqual([
      'dashboard',
      'report',
      'audit',
      'incident',
      'cloud',
      'siem',
      'remediation',
      'evidence',
      'selftest',
    ]);
    expect(held('viewer')).toEqual(['dashboard', 'cloud']);
    expect(['read', 'execute', 'export'].filter((a) => can('viewer', 'cloud', a as never))).toEqual(
      ['read'],
    );
  });

  it('keeps auditors read-only with exports, and only admins run the security scan', () => {
    for (const r of PERMISSION_RESOURCES) {
      // Issue 34: an auditor marks uploaded evidence reviewed, the one change an auditor makes.
      if (r !== 'evidence') expect(can('auditor', r, 'update'), r).toBe(false);
      expect(can('auditor', r, 'delete'), r).toBe(false);
      expect(can('auditor', r, 'execute'), r).toBe(false);
    }
    expect(can('auditor', 'report', 'export')).toBe(true);
    expect(can('auditor', 'audit', 'export')).toBe(true);
    expect(rolesAllowed('security_scan', 'execute')).toEqual(['admin']);
    expect(rolesAllowed('selftest', 'execute')).toEqual(['admin']);
    expect(rolesAllowed('quick_test', 'execute')).toEqual(['admin', 'security_analyst']);
    expect(rolesAllowed('selftest', 'export')).toEqual(['admin', 'auditor']);
  });

  it('lets only admins configure SIEM integrations, analysts test and replay, auditors read and export the log', () => {
    expect(rolesAllowed('siem', 'create')).toEqual(['admin']);
    expect(rolesAllowed('siem', 'update')).toEqual(['admin']);
    expect(rolesAllowed('siem', 'execute')).toEqual(['admin', 'security_analyst']);
    expect(rolesAllowed('siem', 'read')).toEqual(['admin', 'security_analyst', 'auditor']);
    expect(rolesAllowed('siem', 'export')).toEqual(['admin', 'auditor']);
    expect(rolesAllowed('remediation', 'create')).toEqual(['admin', 'security_analyst']);
    expect(rolesAllowed('remediation', 'execute')).toEqual(['admin', 'security_analyst']);
    expect(rolesAllowed('remediation', 'update')).toEqual(['admin']);
    expect(rolesAllowed('remediation', 'export')).toEqual(['admin', 'auditor']);
    expect(rolesAllowed('evidence', 'create')).toEqual(['admin']);
    expect(rolesAllowed('evidence', 'update')).toEqual(['admin', 'auditor']);
    expect(rolesAllowed('evidence', 'execute')).toEqual(['admin', 'security_analyst']);
    expect(rolesAllowed('evidence', 'export')).toEqual(['admin', 'auditor']);
    expect(rolesAllowed('evidence', 'read')).toEqual(['admin', 'security_analyst', 'auditor']);
  });

  it('treats a missing or unknown role as viewer', () => {
    expect(effectiveRole(undefined)).toBe('viewer');
    expect(effectiveRole('root')).toBe('viewer');
    expect(can(null, 'dashboard', 'read')).toBe(true);
    expect(can(undefined, 'scan', 'read')).toBe(false);
  });

  it('explains a refusal with who may do it', () => {
    expect(deniedReason('scan', 'create')).toBe(
      'Insufficient permissions for security scan. Allowed for: Admin, Security Analyst.',
    );
    expect(deniedReason('packet', 'read')).toBe(
      'Packet analysis needs the admin or security analyst role in your organization. Allowed for: Admin, Security Analyst.',
    );
  });
});
