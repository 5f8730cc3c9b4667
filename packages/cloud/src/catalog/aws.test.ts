// The AWS catalog is complete data: every check has metadata and code, real framework control
// ids, and the spec's scan types select the checks they name.
import { describe, expect, it } from 'vitest';
import { AWS_CHECK_CODE } from '../aws/checks.ts';
import { AWS_CHECKS, awsCheckIds } from './aws.ts';

const CONTROL_ID = {
  soc2: /^(CC\d\.\d|A1\.\d)$/,
  iso27001: /^A\.[5-8]\.\d{1,2}$/,
  nist_csf: /^(ID|PR|DE|RS|RC|GV)\.[A-Z]{2}-\d{1,2}$/,
  hipaa: /^164\.3(08|10|12)\([a-e]\)(\(\d\))?(\((i|ii|iii|iv)\))?(\([A-Z]\))?$/,
  gdpr: /^Art\. \d+(\(\d\))?(\([a-d]\))?$/,
};

describe('the AWS catalog', () => {
  it('holds at least 70 checks with unique ids, each with code, and no code without metadata', () => {
    const ids = AWS_CHECKS.map((c) => c.id);
    expect(ids.length).toBeGreaterThanOrEqual(70);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...AWS_CHECK_CODE.keys()].sort()).toEqual([...ids].sort());
  });

  it.each(AWS_CHECKS.map((c) => [c.id, c] as const))(
    '%s has every text and real control ids',
    (_id, check) => {
      for (const field of ['title', 'description', 'risk', 'remediation', 'cli'] as const)
        expect(check[field].length, field).toBeGreaterThan(10);
      expect(check.service).toMatch(/^[a-z0-9]+$/);
      expect(check.resourceType).toMatch(/^[a-z0-9_]+$/);
      for (const [framework, pattern] of Object.entries(CONTROL_ID)) {
        const ids = check.frameworks[framework as keyof typeof CONTROL_ID];
        expect(ids.length, framework).toBeGreaterThan(0);
        for (const id of ids) expect(id, framework).toMatch(pattern);
      }
    },
  );

  it("selects the spec's scan types: security groups, bucket permissions, policy analysis", () => {
    const sg = awsCheckIds({ scanType: 'security_groups' });
    expect(sg).toContain('aws_ec2_sg_open_ssh');
    expect(sg).not.toContain('aws_ec2_ebs_volume_unencrypted');
    expect(
      awsCheckIds({ scanType: 'bucket_permissions' }).every((id) => id.startsWith('aws_s3_')),
    ).toBe(true);
    expect(awsCheckIds({ scanType: 'policy_analysis' })).toContain('aws_iam_policy_admin');
    expect(awsCheckIds({ service: 'rds' })).toHaveLength(8);
  });
});
