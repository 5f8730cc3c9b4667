import { describe, expect, it } from 'vitest';
import { compareVersions, describeRange, inRange, parseVersion } from './version.ts';

describe('compareVersions', () => {
  it.each([
    // OpenSSH portable: pN is a release after the numbered one
    ['8.5p1', '8.5', 1],
    ['8.4p1', '8.5p1', -1],
    ['9.3p1', '9.3p2', -1],
    ['9.7p1', '9.8p1', -1],
    ['9.8p1', '9.8', 1],
    ['10.0p2', '9.9p1', 1],
    // numeric, not lexical
    ['1.18.0', '1.9.15', 1],
    ['2.4.49', '2.4.5', 1],
    ['1.20.0', '1.20', 0],
    ['6.0.9', '6.0.16', -1],
    // distribution suffixes are not part of the upstream version
    ['5.7.33-0ubuntu0.18.04.1', '5.7.33', 0],
    ['5.7.33-0ubuntu', '5.7.34', -1],
    ['10.5.8-MariaDB', '10.5.8', 0],
    ['2.4.49 (Unix)', '2.4.49', 0],
    ['9.6p1 Debian-3', '9.6p1', 0],
    ['1:9.2p1', '9.2p1', 0],
    // OpenSSL and ProFTPD letter releases come after the bare number
    ['1.0.1', '1.0.1f', -1],
    ['1.0.1f', '1.0.1g', -1],
    ['1.0.1g', '1.0.2', -1],
    ['1.0.2z', '1.0.2za', -1],
    ['1.3.5', '1.3.5a', -1],
    // pre-releases come before the release
    ['1.3.6rc1', '1.3.6', -1],
    ['1.3.6rc1', '1.3.5e', 1],
    ['1.0.2-beta1', '1.0.2', -1],
    ['1.0.2-beta1', '1.0.1g', 1],
    ['16beta2', '16.0', -1],
    ['4.94_RC1', '4.94', -1],
    ['2.0-alpha', '2.0-beta', -1],
    // BIND patch releases
    ['9.9.7-P1', '9.9.7-P2', -1],
    ['9.9.7-P2', '9.9.7', 1],
    // plain ones from the services the engine detects
    ['4.91', '4.92', -1],
    ['2.3.4', '2.3.4', 0],
    ['v1.2.3', '1.2.3', 0],
  ])('%s vs %s -> %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(-expected || 0);
  });

  it('refuses text that is not a version', () => {
    expect(parseVersion('unknown')).toBeNull();
    expect(compareVersions('', '1.0')).toBeNull();
  });
});

describe('inRange', () => {
  const regreSSHion = { introduced: '8.5p1', fixed: '9.8p1' };

  it('treats introduced as inclusive and fixed as exclusive', () => {
    expect(inRange('8.5p1', regreSSHion)).toBe(true);
    expect(inRange('9.7p1', regreSSHion)).toBe(true);
    expect(inRange('9.6p1', regreSSHion)).toBe(true);
    expect(inRange('9.8p1', regreSSHion)).toBe(false);
    expect(inRange('8.4p1', regreSSHion)).toBe(false);
  });

  it('supports exclusive lower bounds and inclusive upper bounds', () => {
    const range = { introduced: '4.87', introduced_exclusive: true, last_affected: '4.91' };
    expect(inRange('4.87', range)).toBe(false);
    expect(inRange('4.88', range)).toBe(true);
    expect(inRange('4.91', range)).toBe(true);
    expect(inRange('4.92', range)).toBe(false);
  });

  it('matches OpenSSL letter releases inside a lettered range', () => {
    const heartbleed = { introduced: '1.0.1', fixed: '1.0.1g' };
    expect(inRange('1.0.1f', heartbleed)).toBe(true);
    expect(inRange('1.0.1', heartbleed)).toBe(true);
    expect(inRange('1.0.1g', heartbleed)).toBe(false);
    expect(inRange('1.0.0t', heartbleed)).toBe(false);
  });

  it('reads NVD-style OpenSSH bounds without the portable suffix as that release', () => {
    expect(inRange('9.6p1', { last_affected: '9.6' })).toBe(true);
    expect(inRange('9.8p1', { introduced: '8.5', fixed: '9.8' })).toBe(false);
    expect(inRange('8.5p1', { introduced: '8.5', fixed: '9.8' })).toBe(true);
    expect(inRange('9.3p1', { fixed: '9.3p2' })).toBe(true);
    // BIND's -P releases stay after the bare version
    expect(inRange('9.9.7-P2', { last_affected: '9.9.7' })).toBe(false);
  });

  it('never matches a version it cannot read', () => {
    expect(inRange('garbage', { fixed: '9.0' })).toBe(false);
    expect(inRange('1.0', { fixed: 'garbage' })).toBe(false);
  });

  it('describes ranges the way advisories write them', () => {
    expect(describeRange(regreSSHion)).toBe('>= 8.5p1, < 9.8p1');
    expect(describeRange({ introduced: '2.3.4', last_affected: '2.3.4' })).toBe('= 2.3.4');
    expect(describeRange({ introduced: '4.87', introduced_exclusive: true, fixed: '4.92' })).toBe(
      '> 4.87, < 4.92',
    );
  });
});
