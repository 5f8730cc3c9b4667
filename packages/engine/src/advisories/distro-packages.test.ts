import { describe, expect, it } from 'vitest';
import { distroOfEcosystem, productKeyForPackage } from './distro-packages.ts';

describe('distribution packages and OSV ecosystems', () => {
  it.each([
    ['openssh', 'openssh'],
    ['apache2', 'apache-httpd'],
    ['httpd', 'apache-httpd'],
    ['nginx', 'nginx'],
    ['redis', 'redis'],
    ['postgresql-15', 'postgresql'],
    ['postgresql16', 'postgresql'],
    ['mysql-8.0', 'mysql'],
    ['mariadb-10.6', 'mariadb'],
    ['vsftpd', 'vsftpd'],
    ['proftpd-dfsg', 'proftpd'],
    ['exim4', 'exim'],
    ['bind9', 'bind'],
    ['openssl', 'openssl'],
    ['memcached', 'memcached'],
    ['php8.2', 'php'],
    ['php83', 'php'],
    ['linux', undefined],
    ['openssh-askpass', undefined],
    ['phpmyadmin', undefined],
  ])('maps source package %s to %s', (name, key) => {
    expect(productKeyForPackage(name)).toBe(key);
  });

  it.each([
    ['Debian:11', { distro: 'debian', release: '11' }],
    ['Debian:12', { distro: 'debian', release: '12' }],
    ['Ubuntu:22.04:LTS', { distro: 'ubuntu', release: '22.04' }],
    ['Ubuntu:Pro:18.04:LTS', { distro: 'ubuntu', release: '18.04' }],
    ['Ubuntu:24.10', { distro: 'ubuntu', release: '24.10' }],
    ['Alpine:v3.20', { distro: 'alpine', release: '3.20' }],
    ['Red Hat:enterprise_linux:9::appstream', { distro: 'rhel', release: '9' }],
    ['AlmaLinux:9', { distro: 'rhel', release: '9' }],
    ['Rocky Linux:8', { distro: 'rhel', release: '8' }],
    ['Debian', undefined],
    ['PyPI', undefined],
    ['SUSE:Linux Enterprise Server 15 SP5', undefined],
  ])('reads ecosystem %s', (ecosystem, expected) => {
    expect(distroOfEcosystem(ecosystem)).toEqual(expected);
  });
});
