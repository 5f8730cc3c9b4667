import { describe, expect, it } from 'vitest';
import { automatableFromVector, cvssSeverity, parseCvss, technicalImpactOf } from './cvss.ts';

describe('parseCvss', () => {
  it('computes 3.1 base scores (FIRST examples)', () => {
    const regreSSHion = parseCvss('CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H');
    expect(regreSSHion).toMatchObject({ version: '3.1', base_score: 8.1, severity: 'high' });
    expect(regreSSHion.metrics).toMatchObject({ AV: 'N', AC: 'H', PR: 'N', C: 'H', I: 'H' });
    expect(parseCvss('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H').base_score).toBe(9.8);
    expect(parseCvss('CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N').base_score).toBe(6.1);
  });

  it('computes 4.0 base scores', () => {
    const v4 = parseCvss('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N');
    expect(v4).toMatchObject({ version: '4.0', base_score: 9.3, severity: 'critical' });
    expect(v4.metrics.VC).toBe('H');
    const lower = parseCvss('CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N');
    expect(lower.base_score).toBeLessThan(7);
  });

  it('reads 3.0 and 2.0 vectors', () => {
    expect(parseCvss('CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H').base_score).toBe(9.8);
    expect(parseCvss('AV:N/AC:L/Au:N/C:P/I:P/A:P')).toMatchObject({
      version: '2.0',
      base_score: 7.5,
      severity: 'high',
    });
  });

  it('rejects bad vectors with a readable message', () => {
    expect(() => parseCvss('garbage')).toThrow('Unsupported CVSS vector: garbage');
    expect(() => parseCvss('CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toThrow(
      /Invalid CVSS 3.1 vector: Unknown component value Q/,
    );
    expect(() => parseCvss('CVSS:3.1/AV:N/AC:L')).toThrow(
      'Invalid CVSS 3.1 vector: base metrics missing',
    );
  });

  it('rates severity by FIRST bands (NVD bands for 2.0)', () => {
    expect(
      ['0', '0.1', '3.9', '4', '6.9', '7', '8.9', '9', '10'].map((s) =>
        cvssSeverity('3.1', Number(s)),
      ),
    ).toEqual(['none', 'low', 'low', 'medium', 'medium', 'high', 'high', 'critical', 'critical']);
    expect([3.9, 4, 7, 10].map((s) => cvssSeverity('2.0', s))).toEqual([
      'low',
      'medium',
      'high',
      'high',
    ]);
  });
});

describe('technicalImpactOf', () => {
  it('is total when C and I are High, whatever the privileges', () => {
    expect(technicalImpactOf(parseCvss('CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:N'))).toBe(
      'total',
    );
  });
  it('is total without privileges when one of C and I is High and the other Low', () => {
    expect(technicalImpactOf(parseCvss('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N'))).toBe(
      'total',
    );
    expect(technicalImpactOf(parseCvss('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:L/A:N'))).toBe(
      'partial',
    );
  });
  it('reads VC and VI in 4.0 and gives null for 2.0', () => {
    expect(
      technicalImpactOf(
        parseCvss('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N'),
      ),
    ).toBe('partial');
    expect(
      technicalImpactOf(
        parseCvss('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'),
      ),
    ).toBe('total');
    expect(technicalImpactOf(parseCvss('AV:N/AC:L/Au:N/C:C/I:C/A:C'))).toBeNull();
  });
});

describe('automatableFromVector', () => {
  it.each([
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', true],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H', false],
    ['CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', false],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', false],
    ['CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', false],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', true],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', false],
    ['AV:N/AC:L/Au:N/C:P/I:P/A:P', true],
    ['AV:N/AC:L/Au:S/C:P/I:P/A:P', false],
  ])('%s -> %s', (vector, expected) => {
    expect(automatableFromVector(parseCvss(vector))).toBe(expected);
  });
});
