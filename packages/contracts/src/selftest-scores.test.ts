import { describe, expect, it } from 'vitest';
import { scoreLines, type TSelftestScores } from './selftest-scores.ts';

const asvs = {
  total: 70,
  covered: 20,
  checked: 20,
  passed: 17,
  checked_share: 28.6,
  passed_share: 24.3,
  failed_requirements: ['ASVS 3.4.1', 'ASVS 3.3.1', 'ASVS 12.1.1'],
};
const graded = (ssl: Partial<TSelftestScores['ssl_labs']>): TSelftestScores => ({
  observatory: { score: 95, grade: 'A', reason: null, modifiers: [] },
  ssl_labs: { score: 93, grade: 'A+', grade_ignoring_trust: 'A+', caps: [], reason: null, ...ssl },
  asvs,
});

describe('score lines', () => {
  it('reads the grades, the caps with their reasons, and the ASVS share', () => {
    expect(scoreLines(graded({}))).toEqual({
      observatory: 'Observatory 95/100 (A)',
      tls: 'TLS grade A+',
      asvs: 'ASVS: checked 20 of 70 level-1 requirements, 17 passed',
    });
    expect(
      scoreLines(graded({ grade: 'B', caps: ['TLS 1.0/1.1 → B', 'no forward secrecy → B'] })).tls,
    ).toBe('TLS grade B (capped at B: TLS 1.0/1.1; capped at B: no forward secrecy)');
    expect(
      scoreLines(
        graded({ grade: 'T', grade_ignoring_trust: 'A', caps: ['certificate not trusted → T'] }),
      ).tls,
    ).toBe('TLS grade T (capped at T: certificate not trusted; A if trusted)');
  });

  it('gives the reason instead of a grade that was withheld', () => {
    const reason = 'No grade: security.hsts is inconclusive.';
    const lines = scoreLines({
      observatory: { score: null, grade: null, reason, modifiers: [] },
      ssl_labs: { score: null, grade: null, grade_ignoring_trust: null, caps: [], reason },
      asvs,
    });
    expect(lines.observatory).toBe(`Observatory: ${reason}`);
    expect(lines.tls).toBe(`TLS: ${reason}`);
  });
});
