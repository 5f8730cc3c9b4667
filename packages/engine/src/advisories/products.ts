// Product keys the advisories use, the names service detection reports for them, and the CPE
// vendor:product pairs NVD files them under. NVD renames vendors over time (nginx -> f5), so one
// key can have several CPEs.
const PRODUCTS: { key: string; label: string; names: string[]; cpes: string[] }[] = [
  { key: 'openssh', label: 'OpenSSH', names: ['openssh'], cpes: ['openbsd:openssh'] },
  {
    key: 'apache-httpd',
    label: 'Apache httpd',
    names: ['apache', 'apache httpd', 'httpd', 'apache-httpd'],
    cpes: ['apache:http_server'],
  },
  { key: 'nginx', label: 'nginx', names: ['nginx'], cpes: ['nginx:nginx', 'f5:nginx'] },
  {
    key: 'vsftpd',
    label: 'vsftpd',
    names: ['vsftpd'],
    cpes: ['beasts:vsftpd', 'vsftpd_project:vsftpd'],
  },
  { key: 'proftpd', label: 'ProFTPD', names: ['proftpd'], cpes: ['proftpd:proftpd'] },
  { key: 'exim', label: 'Exim', names: ['exim'], cpes: ['exim:exim'] },
  { key: 'postfix', label: 'Postfix', names: ['postfix'], cpes: ['postfix:postfix'] },
  { key: 'dovecot', label: 'Dovecot', names: ['dovecot'], cpes: ['dovecot:dovecot'] },
  { key: 'redis', label: 'Redis', names: ['redis'], cpes: ['redis:redis', 'redislabs:redis'] },
  {
    key: 'mysql',
    label: 'MySQL',
    names: ['mysql'],
    cpes: ['oracle:mysql', 'mysql:mysql', 'oracle:mysql_server'],
  },
  { key: 'mariadb', label: 'MariaDB', names: ['mariadb'], cpes: ['mariadb:mariadb'] },
  {
    key: 'postgresql',
    label: 'PostgreSQL',
    names: ['postgresql'],
    cpes: ['postgresql:postgresql'],
  },
  { key: 'mongodb', label: 'MongoDB', names: ['mongodb'], cpes: ['mongodb:mongodb'] },
  { key: 'memcached', label: 'Memcached', names: ['memcached'], cpes: ['memcached:memcached'] },
  { key: 'bind', label: 'ISC BIND', names: ['bind'], cpes: ['isc:bind'] },
  { key: 'openssl', label: 'OpenSSL', names: ['openssl'], cpes: ['openssl:openssl'] },
  { key: 'lighttpd', label: 'lighttpd', names: ['lighttpd'], cpes: ['lighttpd:lighttpd'] },
  {
    key: 'dropbear',
    label: 'Dropbear SSH',
    names: ['dropbear'],
    cpes: ['dropbear_ssh_project:dropbear_ssh'],
  },
  { key: 'php', label: 'PHP', names: ['php'], cpes: ['php:php'] },
];

/** Product key for a name as service detection reports it ("OpenSSH", "Apache", "vsFTPd"). */
export function productKeyForName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const lower = name.trim().toLowerCase();
  return PRODUCTS.find((p) => p.key === lower || p.names.includes(lower))?.key;
}

/** Product key for a CPE vendor:product pair ("openbsd:openssh" -> "openssh"). */
export function productKeyForCpe(vendorProduct: string): string | undefined {
  const lower = vendorProduct.toLowerCase();
  return PRODUCTS.find((p) => p.cpes.includes(lower))?.key;
}

/** The usual CPE vendor:product of a product key. */
export function cpeForProductKey(key: string): string | undefined {
  return PRODUCTS.find((p) => p.key === key)?.cpes[0];
}

/** How people write a product key ("apache-httpd" -> "Apache httpd"). */
export function productLabel(key: string): string {
  return PRODUCTS.find((p) => p.key === key)?.label ?? key;
}

/** vendor:product of a CPE 2.2 URI or 2.3 formatted string, e.g. "cpe:/a:openbsd:openssh:9.6p1". */
export function cpeVendorProduct(cpe: string | undefined): string | undefined {
  const parts = cpe?.startsWith('cpe:2.3:')
    ? cpe.split(':').slice(3, 5)
    : cpe?.startsWith('cpe:/')
      ? cpe.split(':').slice(2, 4)
      : [];
  return parts.length === 2 && parts.every(Boolean) ? parts.join(':').toLowerCase() : undefined;
}
