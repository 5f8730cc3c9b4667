import type { TDistro } from './schema.ts';

// What a banner does not say about a distribution build, per engine product key. Small tables,
// edited by hand from the distributions' package lists; a product or version not listed here just
// leaves that part unknown (matching then falls back to upstream ranges).

type PerDistro<T> = Partial<Record<TDistro, T>>;

const minor = (v: string) => v.split('.').slice(0, 2).join('.');
const major = (v: string) => v.split('.')[0]!;

/** Source package that builds the product, by distribution; a function when it names the branch. */
export const SOURCE_PACKAGES: Record<string, PerDistro<string | ((upstream: string) => string)>> = {
  openssh: { debian: 'openssh', ubuntu: 'openssh', rhel: 'openssh', alpine: 'openssh' },
  'apache-httpd': { debian: 'apache2', ubuntu: 'apache2', rhel: 'httpd', alpine: 'apache2' },
  nginx: { debian: 'nginx', ubuntu: 'nginx', rhel: 'nginx', alpine: 'nginx' },
  php: { debian: (v) => `php${minor(v)}`, ubuntu: (v) => `php${minor(v)}`, rhel: 'php' },
  mysql: { ubuntu: (v) => `mysql-${minor(v)}`, rhel: 'mysql' },
  postgresql: {
    debian: (v) => `postgresql-${major(v)}`,
    ubuntu: (v) => `postgresql-${major(v)}`,
    rhel: 'postgresql',
  },
  redis: { debian: 'redis', ubuntu: 'redis', rhel: 'redis', alpine: 'redis' },
  memcached: { debian: 'memcached', ubuntu: 'memcached', rhel: 'memcached' },
  bind: { debian: 'bind9', ubuntu: 'bind9', rhel: 'bind' },
  openssl: { debian: 'openssl', ubuntu: 'openssl', rhel: 'openssl', alpine: 'openssl' },
  proftpd: { debian: 'proftpd-dfsg', ubuntu: 'proftpd-dfsg' },
  vsftpd: { debian: 'vsftpd', ubuntu: 'vsftpd', rhel: 'vsftpd' },
  exim: { debian: 'exim4', ubuntu: 'exim4' },
};

/** Epochs of the package versions, which banners never show ("1:" of Debian's openssh). */
export const EPOCHS: Record<string, PerDistro<number>> = {
  openssh: { debian: 1, ubuntu: 1 },
  redis: { debian: 5, ubuntu: 5 },
  bind: { debian: 1, ubuntu: 1, rhel: 32 },
};

/**
 * The release that shipped an upstream version, for banners that name the distribution but not
 * the release (no "+debNuM", no "ubuntuN.YY.MM"). Only versions that one release alone ships.
 */
export const RELEASE_BY_UPSTREAM: Record<string, PerDistro<Record<string, string>>> = {
  openssh: {
    debian: { '8.4p1': '11', '9.2p1': '12' },
    ubuntu: { '8.2p1': '20.04', '8.9p1': '22.04', '9.6p1': '24.04' },
  },
  'apache-httpd': { ubuntu: { '2.4.41': '20.04', '2.4.52': '22.04', '2.4.58': '24.04' } },
  nginx: { debian: { '1.18.0': '11', '1.22.1': '12' }, ubuntu: { '1.24.0': '24.04' } },
  php: { ubuntu: { '7.4.3': '20.04', '8.1.2': '22.04', '8.3.6': '24.04' } },
};

/** Words in a banner or Server header that name a distribution. */
export const DISTRO_WORDS: { distro: TDistro; pattern: RegExp }[] = [
  { distro: 'ubuntu', pattern: /\bUbuntu\b/i },
  { distro: 'debian', pattern: /\b(?:Debian|Raspbian)\b/i },
  {
    distro: 'rhel',
    pattern: /\b(?:Red Hat(?: Enterprise Linux)?|CentOS|Rocky Linux|AlmaLinux)\b/i,
  },
  { distro: 'alpine', pattern: /\bAlpine\b/i },
];

export const DISTRO_NAMES: Record<TDistro, string> = {
  debian: 'Debian',
  ubuntu: 'Ubuntu',
  rhel: 'RHEL',
  alpine: 'Alpine',
};
