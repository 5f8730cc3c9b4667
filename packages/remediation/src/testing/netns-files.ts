// The private trees of a namespace test host: copies of Debian's configuration, changed so that
// the engine's checks fire (anonymous FTP, Redis and Memcached on every address, sshd with
// passwords and weak algorithms, nginx with its version, exposed /.git and /.env, TLS 1.0).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type TestService = 'ssh' | 'nginx' | 'vsftpd' | 'redis-server' | 'memcached';

/** A host path and the folder (or file) of the temp dir mounted over it. */
type Tree = { path: string; dir: string };

const TREES: Tree[] = [
  { path: '/etc/ssh', dir: 'etc-ssh' },
  { path: '/etc/nginx', dir: 'etc-nginx' },
  { path: '/var/www', dir: 'var-www' },
  { path: '/etc/redis', dir: 'etc-redis' },
  { path: '/var/lib/redis', dir: 'var-lib-redis' },
  { path: '/etc/vsftpd.conf', dir: 'etc-vsftpd.conf' },
  { path: '/etc/memcached.conf', dir: 'etc-memcached.conf' },
  { path: '/etc/passwd', dir: 'etc-passwd' },
  { path: '/etc/shadow', dir: 'etc-shadow' },
  { path: '/etc/group', dir: 'etc-group' },
  { path: '/etc/sudoers.d', dir: 'etc-sudoers.d' },
];

export const TEST_USER = { username: 'ngadmin', password: 'ng-Test-pass-1' };

/** The sshd_config of the test host: Debian's settings, passwords on, CBC/SHA-1 algorithms added. */
export const TEST_SSHD_CONFIG = `# NetGuard test host (Debian defaults, plus what the tests need)
Include /etc/ssh/sshd_config.d/*.conf
HostKey /etc/ssh/ssh_host_ed25519_key
PermitRootLogin prohibit-password
AuthorizedKeysFile /etc/ssh/authorized_keys/%u
#PasswordAuthentication yes
PasswordAuthentication yes
KbdInteractiveAuthentication no
UsePAM yes
KexAlgorithms +diffie-hellman-group14-sha1
Ciphers +aes128-cbc
MACs +hmac-sha1-96
X11Forwarding no
PrintMotd no
AcceptEnv LANG LC_*
Subsystem sftp /usr/lib/openssh/sftp-server
`;

/** nginx on 443 with a self-signed certificate and OpenSSL's level 0, so TLS 1.0 still works. */
const TLS_SITE = `server {
	listen 443 ssl default_server;
	ssl_certificate /etc/nginx/netguard-test.crt;
	ssl_certificate_key /etc/nginx/netguard-test.key;
	ssl_ciphers DEFAULT:@SECLEVEL=0;
	root /var/www/html;
	index index.html;
}
`;

const run = (file: string, args: string[]) =>
  execFileSync(file, args, { stdio: 'pipe' }).toString();

function edit(path: string, change: (text: string) => string): void {
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

/** Builds the trees in `dir`; returns them, their bind mounts and the sudo user. */
export function hostFiles(dir: string, services: TestService[]) {
  const at = (tree: string, ...rest: string[]) => join(dir, tree, ...rest);
  // Copies keep modes and owners (redis.conf is redis:redis 640, shadow root:shadow 640).
  for (const t of TREES)
    if (!['/var/www', '/var/lib/redis', '/etc/ssh'].includes(t.path))
      run('cp', ['-a', t.path, at(t.dir)]);

  // sshd: fresh host key, root by key (generated here), ngadmin by password.
  mkdirSync(at('etc-ssh', 'sshd_config.d'), { recursive: true });
  mkdirSync(at('etc-ssh', 'authorized_keys'), { recursive: true });
  cpSync('/etc/ssh/moduli', at('etc-ssh', 'moduli'));
  writeFileSync(at('etc-ssh', 'sshd_config'), TEST_SSHD_CONFIG);
  run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', at('etc-ssh', 'ssh_host_ed25519_key')]);
  run('ssh-keygen', [
    '-q',
    '-t',
    'ed25519',
    '-N',
    '',
    '-C',
    'netguard-test-root',
    '-f',
    join(dir, 'root_key'),
  ]);
  writeFileSync(at('etc-ssh', 'authorized_keys', 'root'), readFileSync(join(dir, 'root_key.pub')));

  // ngadmin: a password, sudo with that password.
  const hash = run('openssl', ['passwd', '-6', TEST_USER.password]).trim();
  edit(at('etc-passwd'), (t) => `${t}ngadmin:x:2001:2001::/run/ngadmin:/bin/sh\n`);
  edit(at('etc-group'), (t) => `${t}ngadmin:x:2001:\n`);
  edit(at('etc-shadow'), (t) => `${t}ngadmin:${hash}:20000:0:99999:7:::\n`);
  writeFileSync(at('etc-sudoers.d', 'ngadmin'), 'ngadmin ALL=(ALL:ALL) ALL\n', { mode: 0o440 });

  // Services listening on every address, without authentication.
  edit(at('etc-vsftpd.conf'), (t) => t.replace(/^anonymous_enable=NO$/m, 'anonymous_enable=YES'));
  edit(at('etc-redis', 'redis.conf'), (t) =>
    t.replace(/^bind .*$/m, 'bind 0.0.0.0').replace(/^protected-mode yes$/m, 'protected-mode no'),
  );
  edit(at('etc-memcached.conf'), (t) => t.replace(/^-l 127\.0\.0\.1$/m, '-l 0.0.0.0'));
  mkdirSync(at('var-lib-redis'));
  run('chown', ['redis:redis', at('var-lib-redis')]);

  // nginx: Debian's files, without the http-level ssl_ lines the TLS action would duplicate.
  edit(at('etc-nginx', 'nginx.conf'), (t) =>
    t.replace(/^\tssl_protocols .*\n/m, '').replace(/^\tssl_prefer_server_ciphers on;\n/m, ''),
  );
  writeFileSync(at('etc-nginx', 'sites-enabled', 'netguard-tls'), TLS_SITE);
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '30',
    '-subj',
    '/CN=netguard-test',
    '-keyout',
    at('etc-nginx', 'netguard-test.key'),
    '-out',
    at('etc-nginx', 'netguard-test.crt'),
  ]);
  mkdirSync(at('var-www', 'html', '.git'), { recursive: true });
  writeFileSync(
    at('var-www', 'html', 'index.html'),
    '<html><body>NetGuard test host</body></html>\n',
  );
  writeFileSync(at('var-www', 'html', '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(at('var-www', 'html', '.env'), 'DB_PASSWORD=not-a-real-secret\n');

  return {
    trees: TREES,
    mounts: TREES.map((t) => ({ source: at(t.dir), target: t.path })),
    user: TEST_USER,
    services,
  };
}
