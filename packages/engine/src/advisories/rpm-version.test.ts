import { describe, expect, it } from 'vitest';
import { compareRpm, parseRpmVersion, rpmvercmp } from './rpm-version.ts';

/** Each pair is strictly ascending in rpm's order (cases from rpm's own rpmvercmp tests). */
const ASCENDING: [string, string][] = [
  ['1.0', '1.0.1'],
  ['1.0a', '1.0aa'],
  ['1.0', '2.0'],
  ['2.0.1', '2.0.1a'],
  ['5.5p1', '5.5p2'],
  ['5.5p1', '5.5p10'],
  ['10b2', '10.0001'],
  ['a', '1'],
  ['xyz.4', '8'],
  ['1.0~rc1', '1.0'],
  ['1.0~rc1', '1.0~rc2'],
  ['1.0~rc1~git123', '1.0~rc1'],
  ['1.0', '1.0^'],
  ['1.0', '1.0^git1'],
  ['1.0^git1', '1.0^git2'],
  ['1.0^git1', '1.01'],
  ['1.0^20160101', '1.0.1'],
  ['1.0~rc1', '1.0~rc1^git1'],
  ['1.0^git1~pre', '1.0^git1'],
];

describe('rpmvercmp', () => {
  it.each(ASCENDING)('%s < %s', (a, b) => {
    expect(rpmvercmp(a, b)).toBe(-1);
    expect(rpmvercmp(b, a)).toBe(1);
  });

  it('ignores separators and leading zeros', () => {
    expect(rpmvercmp('1.0', '1_0')).toBe(0);
    expect(rpmvercmp('1.0010', '1.10')).toBe(0);
    expect(rpmvercmp('fc4', 'fc.4')).toBe(0);
    expect(rpmvercmp('1.0^', '1.0^')).toBe(0);
  });
});

describe('compareRpm', () => {
  it('orders el8 and el8_10 releases and el9 z-stream updates', () => {
    expect(compareRpm('8.0p1-19.el8', '8.0p1-19.el8_10')).toBe(-1);
    expect(compareRpm('8.0p1-19.el8_8', '8.0p1-19.el8_10')).toBe(-1);
    expect(compareRpm('8.7p1-38.el9', '8.7p1-38.el9_4.1')).toBe(-1);
    expect(compareRpm('8.7p1-38.el9_4.1', '8.7p1-38.el9_4.3')).toBe(-1);
    expect(compareRpm('1.20.1-14.el9_2.1', '1.20.1-14.el9')).toBe(1);
    expect(compareRpm('8.7p1-34.el9', '8.7p1-38.el9')).toBe(-1);
  });

  it('compares the epoch first and lets a missing release match any', () => {
    expect(compareRpm('1:1.0-1.el9', '2.0-1.el9')).toBe(1);
    expect(compareRpm('0:8.7p1-38.el9', '8.7p1-38.el9')).toBe(0);
    expect(compareRpm('8.7p1', '8.7p1-38.el9')).toBe(0);
    expect(parseRpmVersion('1:8.7p1-38.el9_4.1')).toEqual({
      epoch: 1,
      version: '8.7p1',
      release: '38.el9_4.1',
    });
  });
});
