import { describe, expect, it } from 'vitest';
import { assess } from './assess.ts';
import { testInput } from './test-input.ts';

// A cloud misconfiguration: no CVE, no CVSS, no score of its own; the host is a resource id.
const cloud = {
  title: 'S3 bucket is public',
  host: 'arn:aws:s3:::netguard-public',
  port: null,
  cve_id: null,
  cvss_score: null,
  cvss_vector: null,
  risk_score: null,
  severity: 'critical',
};
const internet = { level: 'external', reason: 'The bucket policy grants access to everyone' };

describe('findings without CVSS (cloud misconfigurations)', () => {
  it('start from their severity and take the external multiplier from the reachability', () => {
    const exposed = assess(testInput({ reachability: internet }, cloud));
    expect(exposed.riskScore).toBe(100);
    expect(exposed.multipliers.find((m) => m.name === 'external_exposure')).toMatchObject({
      applied: true,
      reason: internet.reason,
    });
    expect(exposed.reasoning).toContain('severity critical (no CVSS score) = 90');
    const medium = { ...cloud, severity: 'medium' };
    const inside = { level: 'internal', reason: 'No public address or access' };
    expect(assess(testInput({ reachability: inside }, medium)).riskScore).toBe(40);
    expect(assess(testInput({ reachability: internet }, medium)).riskScore).toBe(60);
  });

  it('leave the exposure the organization set for the host above the reachability', () => {
    const asset = {
      source: `host ${cloud.host}`,
      criticality: 'low',
      mission_prevalence: 'support',
      public_wellbeing: 'minimal',
      exposure: 'internal',
      owner: null,
    };
    const a = assess(testInput({ reachability: internet, asset }, { ...cloud, severity: 'high' }));
    expect(a.riskScore).toBe(70);
    expect(a.inputs.find((i) => i.name === 'Exposure')?.value).toBe('internal');
  });

  it('score 0 with neither severity nor score, as before', () => {
    expect(assess(testInput({}, { ...cloud, severity: null })).riskScore).toBe(0);
  });
});
