import { describe, expect, it } from 'vitest';
import { bannerRevision, compareDpkg, withoutEpoch } from './feeds.package-revision.ts';

describe('bannerRevision', () => {
  it('reads the Debian and Ubuntu package revision of an OpenSSH banner', () => {
    expect(bannerRevision('SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10')).toEqual({
      distro: 'debian',
      release: '12',
      upstream: '9.2p1',
      version: '9.2p1-2+deb12u10',
    });
    expect(bannerRevision('SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10')).toEqual({
      distro: 'ubuntu',
      release: null,
      upstream: '8.9p1',
      version: '8.9p1-3ubuntu0.10',
    });
    expect(bannerRevision('SSH-2.0-OpenSSH_9.8')).toBeNull();
    expect(bannerRevision(null)).toBeNull();
  });
});

describe('compareDpkg', () => {
  it.each([
    ['9.2p1-2+deb12u10', '9.2p1-2+deb12u3', 1],
    ['9.2p1-2+deb12u2', '9.2p1-2+deb12u3', -1],
    ['9.2p1-2+deb12u3', '9.2p1-2+deb12u3', 0],
    ['1:1.0-1', '2.0-1', 1],
    ['1.0~rc1-1', '1.0-1', -1],
    ['1.0-1', '1.0-1~bpo1', 1],
    ['8.9p1-3ubuntu0.10', '8.9p1-3ubuntu0.4', 1],
    ['1.0a-1', '1.0-1', 1],
    ['1.0+b1', '1.0', 1],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareDpkg(a, b))).toBe(sign);
  });

  it('drops the epoch a banner never shows', () => {
    expect(withoutEpoch('1:9.2p1-2+deb12u3')).toBe('9.2p1-2+deb12u3');
  });
});
