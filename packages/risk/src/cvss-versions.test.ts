import { ZRiskAssessment } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { assess } from './assess.ts';
import { testInput } from './test-input.ts';

const V31 = 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H';
// CVE-2024-6387 as its CNA scores it in 4.0 beside NVD's 3.1.
const V40 = 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';

describe('an assessment with CVSS 3.1 and 4.0 vectors', () => {
  const a = assess(testInput({}, { cvss_other_vectors: [V40] }));

  it('keeps both, each parsed with its base score, and scores from the 3.1 vector as before', () => {
    expect(ZRiskAssessment.parse(a)).toEqual(a);
    expect(a.cvss).toEqual({
      version: '3.1',
      base_score: 8.1,
      vector: V31,
      severity: 'high',
      others: [{ version: '4.0', base_score: 9.2, vector: V40, severity: 'critical' }],
    });
    expect(a.riskScore).toBe(assess(testInput()).riskScore);
    expect(a.reasoning).toContain('Starts from CVSS 3.1 base 8.1 x10 = 81.');
  });

  it('says which vector the score starts from, in the inputs and the reasoning', () => {
    expect(a.inputs[0]).toMatchObject({
      name: 'CVSS',
      value: `8.1 (${V31})`,
      source: 'Advisory CVSS 3.1 vector (scored); also CVSS 4.0 base 9.2, not scored',
    });
    expect(a.reasoning).toContain(
      `Also known, not scored: CVSS 4.0 base 9.2 (${V40}); the score starts from the CVSS 3.1 vector, as the advisory gives it first.`,
    );
  });

  it('leaves out a second vector of the scored version and one that does not parse', () => {
    const b = assess(testInput({}, { cvss_other_vectors: [V31, 'CVSS:4.0/AV:Q'] }));
    expect(b.cvss?.others).toEqual([]);
    expect(b.inputs[0]?.source).toBe('Advisory CVSS vector');
    expect(b.reasoning).not.toContain('Also known');
  });
});
