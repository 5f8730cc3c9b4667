import { describe, expect, it } from 'vitest';
import { compareDistroVersions, distroBuild } from './distro.ts';

const ssh = (version: string, line: string) =>
  distroBuild({ key: 'openssh', version, source: `ssh banner: ${line}` });
const server = (key: string, version: string, header: string) =>
  distroBuild({ key, version, source: `server: ${header}` });

describe('distroBuild', () => {
  it('reads Debian release and package version (epoch 1) from an OpenSSH banner', () => {
    expect(ssh('9.2p1', 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u10')).toEqual({
      distro: 'debian',
      release: '12',
      package: 'openssh',
      version: '1:9.2p1-2+deb12u10',
      label: 'Debian 12',
    });
    expect(ssh('8.4p1', 'SSH-2.0-OpenSSH_8.4p1 Debian-5+deb11u3')).toMatchObject({
      release: '11',
      version: '1:8.4p1-5+deb11u3',
    });
  });

  it('maps an upstream version to the release that shipped it when the revision does not say', () => {
    expect(ssh('8.9p1', 'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10')).toEqual({
      distro: 'ubuntu',
      release: '22.04',
      package: 'openssh',
      version: '1:8.9p1-3ubuntu0.10',
      label: 'Ubuntu 22.04',
    });
    expect(ssh('9.2p1', 'SSH-2.0-OpenSSH_9.2p1 Debian-2')).toMatchObject({
      release: '12',
      version: '1:9.2p1-2',
    });
    const unknown = ssh('9.6p1', 'SSH-2.0-OpenSSH_9.6p1 Debian-3');
    expect(unknown).toEqual({
      distro: 'debian',
      package: 'openssh',
      version: '1:9.6p1-3',
      label: 'Debian',
    });
  });

  it('knows the distribution but not the revision from an Apache Server comment', () => {
    expect(server('apache-httpd', '2.4.62', 'Apache/2.4.62 (Debian)')).toEqual({
      distro: 'debian',
      package: 'apache2',
      label: 'Debian',
    });
    expect(server('apache-httpd', '2.4.52', 'Apache/2.4.52 (Ubuntu)')).toMatchObject({
      distro: 'ubuntu',
      release: '22.04',
    });
    expect(server('apache-httpd', '2.4.57', 'Apache/2.4.57 (Red Hat Enterprise Linux)')).toEqual({
      distro: 'rhel',
      package: 'httpd',
      label: 'Red Hat Enterprise Linux',
    });
    expect(server('apache-httpd', '2.4.37', 'Apache/2.4.37 (CentOS)')?.label).toBe('CentOS');
    expect(server('apache-httpd', '2.4.62', 'Apache/2.4.62 (Rocky Linux)')?.distro).toBe('rhel');
    expect(server('apache-httpd', '2.4.62', 'Apache/2.4.62 (Unix)')).toBeUndefined();
  });

  it('reads packaged versions of PHP, MySQL and RHEL builds', () => {
    expect(
      distroBuild({
        key: 'php',
        version: '8.2.20-1~deb12u1',
        source: 'x-powered-by: PHP/8.2.20-1~deb12u1',
      }),
    ).toEqual({
      distro: 'debian',
      release: '12',
      package: 'php8.2',
      version: '8.2.20-1~deb12u1',
      label: 'Debian 12',
    });
    expect(
      distroBuild({
        key: 'mysql',
        version: '5.7.33-0ubuntu0.18.04.1',
        source: 'mysql server version: 5.7.33-0ubuntu0.18.04.1',
      }),
    ).toMatchObject({
      distro: 'ubuntu',
      release: '18.04',
      package: 'mysql-5.7',
      version: '5.7.33-0ubuntu0.18.04.1',
    });
    expect(server('nginx', '1.20.1-14.el9_2.1', 'nginx/1.20.1-14.el9_2.1')).toEqual({
      distro: 'rhel',
      release: '9',
      package: 'nginx',
      version: '1.20.1-14.el9_2.1',
      label: 'RHEL 9',
    });
    expect(server('nginx', '1.22.1', 'nginx/1.22.1')).toBeUndefined();
  });
});

describe('compareDistroVersions', () => {
  it('uses dpkg order for Debian and Ubuntu, rpm order for RHEL and apk order for Alpine', () => {
    expect(compareDistroVersions('debian', '1:9.2p1-2+deb12u2', '1:9.2p1-2+deb12u10')).toBe(-1);
    expect(compareDistroVersions('ubuntu', '1.0~rc1', '1.0')).toBe(-1);
    expect(compareDistroVersions('rhel', '8.0p1-19.el8_10', '8.0p1-19.el8')).toBe(1);
    expect(compareDistroVersions('alpine', '9.7_p1-r0', '9.7_p1-r1')).toBe(-1);
    expect(compareDistroVersions('alpine', '1:9.2p1-2', '9.7_p1-r1')).toBeNull();
  });
});

describe('distroBuild on nginx comments', () => {
  it('knows Ubuntu but not the release of an nginx both 20.04 and 22.04 ship', () => {
    expect(
      distroBuild({ key: 'nginx', version: '1.18.0', source: 'server: nginx/1.18.0 (Ubuntu)' }),
    ).toEqual({ distro: 'ubuntu', package: 'nginx', label: 'Ubuntu' });
    expect(
      distroBuild({ key: 'nginx', version: '1.22.1', source: 'server: nginx/1.22.1 (Debian)' }),
    ).toEqual({ distro: 'debian', release: '12', package: 'nginx', label: 'Debian 12' });
  });
});
