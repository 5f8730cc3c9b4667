// Vendor and product parts of CPE 2.2 names for the products the probes recognise.
const CPE: Record<string, string> = {
  openssh: 'openbsd:openssh',
  nginx: 'nginx:nginx',
  apache: 'apache:http_server',
  'apache httpd': 'apache:http_server',
  vsftpd: 'beasts:vsftpd',
  proftpd: 'proftpd:proftpd',
  postfix: 'postfix:postfix',
  exim: 'exim:exim',
  dovecot: 'dovecot:dovecot',
  redis: 'redis:redis',
  mysql: 'mysql:mysql',
  mariadb: 'mariadb:mariadb',
  postgresql: 'postgresql:postgresql',
  mongodb: 'mongodb:mongodb',
  memcached: 'memcached:memcached',
  bind: 'isc:bind',
  dropbear: 'dropbear_ssh_project:dropbear_ssh',
  lighttpd: 'lighttpd:lighttpd',
};

/** CPE 2.2 name for a product and version, e.g. cpe:/a:openbsd:openssh:8.9p1, when known. */
export function cpeFor(product: string | undefined, version?: string): string | undefined {
  if (!product) return undefined;
  const base = CPE[product.toLowerCase()];
  if (!base) return undefined;
  return version ? `cpe:/a:${base}:${version.toLowerCase()}` : `cpe:/a:${base}`;
}
