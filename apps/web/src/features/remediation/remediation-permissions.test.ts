import { REMEDIATION_TEXT } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import {
  ANALYSTS_MAY_NOT_APPROVE,
  remediationReasons,
} from '@/features/remediation/remediation-permissions';

const strict = { analystsMayApprove: false };
const lenient = { analystsMayApprove: true };

describe('remediationReasons', () => {
  it('lets admins do everything', () => {
    expect(Object.values(remediationReasons('admin', strict))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('lets analysts start and roll back, approve only when the policy says so', () => {
    const analyst = remediationReasons('security_analyst', strict);
    expect(analyst.start).toBeNull();
    expect(analyst.operate).toBeNull();
    expect(analyst.approve).toBe(ANALYSTS_MAY_NOT_APPROVE);
    expect(analyst.manage).toBe(REMEDIATION_TEXT.adminsOnly);
    expect(analyst.export).toMatch(/^Insufficient permissions for remediation/);
    expect(remediationReasons('security_analyst', lenient).approve).toBeNull();
  });

  it('lets auditors read only, and viewers nothing', () => {
    const auditor = remediationReasons('auditor', lenient);
    expect(auditor.read).toBeNull();
    expect(auditor.start).toMatch(/^Insufficient permissions for remediation/);
    expect(auditor.approve).toMatch(/^Insufficient permissions for remediation/);
    expect(auditor.export).toBeNull();
    expect(remediationReasons('viewer', lenient).read).toMatch(/Allowed for: Admin/);
  });
});
