import { describe, expect, it } from 'vitest';
import { compareApk, parseApkVersion } from './apk-version.ts';

/** Each pair is strictly ascending in apk's order. */
const ASCENDING: [string, string][] = [
  ['1.2.3', '1.2.4'],
  ['1.9', '1.10'],
  ['1.01', '1.1'],
  ['1.2', '1.2.1'],
  ['1.2.3', '1.2.3a'],
  ['1.2.3a', '1.2.3b'],
  ['1.2.3_alpha', '1.2.3_beta'],
  ['1.2.3_beta2', '1.2.3_pre1'],
  ['1.2.3_pre1', '1.2.3_rc1'],
  ['1.2.3_rc1', '1.2.3_rc2'],
  ['1.2.3_rc2', '1.2.3'],
  ['1.2.3', '1.2.3_git20240101'],
  ['1.2.3_git20240101', '1.2.3_p1'],
  ['1.2.3-r0', '1.2.3-r1'],
  ['1.2.3-r9', '1.2.3-r10'],
  ['1.2.3-r10', '1.2.4-r0'],
  ['9.7_p1-r4', '9.7_p1-r5'],
  ['9.7_p1-r5', '9.8_p1-r0'],
  ['1.1.1w-r1', '3.3.2-r0'],
];

describe('apk version order', () => {
  it.each(ASCENDING)('%s < %s', (a, b) => {
    expect(compareApk(a, b)).toBe(-1);
    expect(compareApk(b, a)).toBe(1);
  });

  it('treats a missing revision as -r0 and equal versions as equal', () => {
    expect(compareApk('1.2.3', '1.2.3-r0')).toBe(0);
    expect(compareApk('9.7_p1-r4', '9.7_p1-r4')).toBe(0);
  });

  it('refuses what is not an apk version', () => {
    expect(parseApkVersion('1:9.2p1-2+deb12u3')).toBeNull();
    expect(compareApk('1.2.3', 'not a version')).toBeNull();
    expect(parseApkVersion('9.7_p1-r4')).toEqual({
      numbers: ['9', '7'],
      letter: '',
      suffixes: [{ rank: 5, n: 1 }],
      revision: 4,
    });
  });
});
