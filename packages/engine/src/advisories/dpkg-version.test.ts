import { describe, expect, it } from 'vitest';
import { compareDpkg, parseDpkgVersion } from './dpkg-version.ts';

/** Each pair is strictly ascending in dpkg's order. */
const ASCENDING: [string, string][] = [
  ['1.0~rc1', '1.0'],
  ['1.0~~', '1.0~~a'],
  ['1.0~~a', '1.0~'],
  ['1.0~', '1.0'],
  ['1.0', '1.0a'],
  ['1.0a', '1.0+'],
  ['1.0+dfsg', '1.0.1'],
  ['9.2p1-2+deb12u2', '9.2p1-2+deb12u10'],
  ['1:9.2p1-2+deb12u2', '1:9.2p1-2+deb12u3'],
  ['1:9.2p1-2+deb12u3', '1:9.2p1-2+deb12u10'],
  ['9.9p1-1', '1:8.4p1-5+deb11u3'],
  ['1:8.9p1-3ubuntu0.3', '1:8.9p1-3ubuntu0.10'],
  ['8.2.20-1~deb12u1', '8.2.20-1'],
  ['2.4.62-1~deb11u1', '2.4.62-1~deb12u1'],
  ['5:6.0.16-1+deb11u1', '5:6.0.16-1+deb11u2'],
  ['1.0-1', '1.0-1.1'],
  ['1.0', '1.0-0.1'],
  ['1.2.3', '1.10'],
];

describe('compareDpkg', () => {
  it.each(ASCENDING)('%s < %s', (a, b) => {
    expect(compareDpkg(a, b)).toBe(-1);
    expect(compareDpkg(b, a)).toBe(1);
  });

  it('treats leading zeros, a zero epoch and an absent revision "0" as equal', () => {
    expect(compareDpkg('1.01', '1.1')).toBe(0);
    expect(compareDpkg('0:1.0-1', '1.0-1')).toBe(0);
    expect(compareDpkg('1.0-0', '1.0')).toBe(0);
    expect(compareDpkg('1:9.2p1-2+deb12u10', '1:9.2p1-2+deb12u10')).toBe(0);
  });

  it('splits at the first colon and the last hyphen', () => {
    expect(parseDpkgVersion('1:9.2p1-2+deb12u10')).toEqual({
      epoch: 1,
      upstream: '9.2p1',
      revision: '2+deb12u10',
    });
    expect(parseDpkgVersion('5.7.33-0ubuntu0.18.04.1')).toEqual({
      epoch: 0,
      upstream: '5.7.33',
      revision: '0ubuntu0.18.04.1',
    });
    expect(parseDpkgVersion('1.2-3-4')).toMatchObject({ upstream: '1.2-3', revision: '4' });
  });

  it('rejects what dpkg rejects', () => {
    expect(parseDpkgVersion('a:1.0')).toBeNull();
    expect(parseDpkgVersion('abc')).toBeNull();
    expect(compareDpkg('abc', '1.0')).toBeNull();
  });
});
