import type { TDistro } from './schema.ts';

// Source package names the distributions file CVEs under, mapped to engine product keys. Versioned
// names (postgresql-15, mysql-8.0, php8.2, Alpine's php83 and postgresql16) match by prefix and a
// version tail; everything else by exact name.
const PACKAGES: Record<string, string> = {
  openssh: 'openssh',
  'openssh-portable': 'openssh',
  apache2: 'apache-httpd',
  httpd: 'apache-httpd',
  nginx: 'nginx',
  redis: 'redis',
  postgresql: 'postgresql',
  mysql: 'mysql',
  'mysql-server': 'mysql',
  mariadb: 'mariadb',
  vsftpd: 'vsftpd',
  proftpd: 'proftpd',
  'proftpd-dfsg': 'proftpd',
  exim: 'exim',
  exim4: 'exim',
  postfix: 'postfix',
  dovecot: 'dovecot',
  bind: 'bind',
  bind9: 'bind',
  openssl: 'openssl',
  memcached: 'memcached',
  lighttpd: 'lighttpd',
  dropbear: 'dropbear',
  php: 'php',
  mongodb: 'mongodb',
};

const VERSIONED = /^(postgresql|mysql|mariadb|php|openssl|redis|nginx|bind)-?\d+(\.\d+)?$/;

/** Engine product key of a distribution source package ("postgresql-15" -> "postgresql"). */
export function productKeyForPackage(name: string): string | undefined {
  const lower = name.trim().toLowerCase();
  const base = VERSIONED.exec(lower)?.[1];
  return PACKAGES[lower] ?? (base ? PACKAGES[base] : undefined);
}

/**
 * Distribution and release of an OSV ecosystem: "Debian:12", "Ubuntu:22.04:LTS",
 * "Ubuntu:Pro:18.04:LTS", "Alpine:v3.20", "Red Hat:enterprise_linux:9::appstream", "AlmaLinux:9",
 * "Rocky Linux:8"; undefined for ecosystems NetGuard does not compare.
 */
export function distroOfEcosystem(
  ecosystem: string,
): { distro: TDistro; release: string } | undefined {
  const [name = '', ...rest] = ecosystem.split(':');
  const find = (pattern: RegExp) => rest.map((part) => pattern.exec(part)?.[1]).find(Boolean);
  let distro: TDistro | undefined;
  let release: string | undefined;
  if (name === 'Debian') [distro, release] = ['debian', find(/^(\d+)$/)];
  else if (name === 'Ubuntu') [distro, release] = ['ubuntu', find(/^(\d{2}\.\d{2})$/)];
  else if (name === 'Alpine') [distro, release] = ['alpine', find(/^v?(\d+\.\d+)$/)];
  else if (['Red Hat', 'AlmaLinux', 'Rocky Linux'].includes(name))
    [distro, release] = ['rhel', find(/^(\d+)(?:\.\d+)*$/)];
  return distro && release ? { distro, release } : undefined;
}
