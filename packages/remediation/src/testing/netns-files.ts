// The private trees of a namespace test host: copies of Debian's configuration, changed so that
// the engine's checks fire (anonymous FTP, Redis and Memcached on every address, sshd with
// passwords and weak algorithms, nginx with its version, exposed /.git and /.env, TLS 1.0).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type TestService = 'ssh' | 'nginx' | 'vsftpd' | 'redis-server' | 'memcached';

/** A host path and the folder (or file) of the temp dir mounted over it. */
type Tree = { path: string; dir: string };

// /etc as a whole (not file by file): a file bind-mounted on its own cannot be renamed over, and
// writes are atomic renames.
const TREES: Tree[] = [
  { path: '/etc', dir: 'etc' },
  { path: '/var/www', dir: 'var-www' },
  { path: '/var/lib/redis', dir: 'var-lib-redis' },
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
export function hostFiles(dir: string) {
  const at = (tree: string, ...rest: string[]) => join(dir, tree, ...rest);
  // The copy keeps modes and owners (redis.conf is redis:redis 640, shadow root:shadow 640).
  run('cp', ['-a', '/etc', at('etc')]);
  const etc = (...rest: string[]) => at('etc', ...rest);
  for (const key of readdirSync(etc('ssh')).filter((f) => f.startsWith('ssh_host_')))
    rmSync(etc('ssh', key));

  // sshd: fresh host key, root by key (generated here), ngadmin by password.
  mkdirSync(etc('ssh', 'authorized_keys'), { recursive: true });
  writeFileSync(etc('ssh', 'sshd_config'), TEST_SSHD_CONFIG);
  run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', etc('ssh', 'ssh_host_ed25519_key')]);
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
  writeFileSync(etc('ssh', 'authorized_keys', 'root'), readFileSync(join(dir, 'root_key.pub')));
  // sshd's log in the host's /var/log (there is no syslog): the tests read who signed in.
  writeFileSync(etc('default', 'ssh'), 'SSHD_OPTS="-E /var/log/sshd.log"\n');

  // ngadmin: a password, sudo with that password.
  const hash = run('openssl', ['passwd', '-6', TEST_USER.password]).trim();
  edit(etc('passwd'), (t) => `${t}ngadmin:x:2001:2001::/run/ngadmin:/bin/sh\n`);
  edit(etc('group'), (t) => `${t}ngadmin:x:2001:\n`);
  edit(etc('shadow'), (t) => `${t}ngadmin:${hash}:20000:0:99999:7:::\n`);
  writeFileSync(etc('sudoers.d', 'ngadmin'), 'ngadmin ALL=(ALL:ALL) ALL\n', { mode: 0o440 });

  // Services listening on every address, without authentication.
  edit(etc('vsftpd.conf'), (t) => t.replace(/^anonymous_enable=NO$/m, 'anonymous_enable=YES'));
  edit(etc('redis', 'redis.conf'), (t) =>
    t.replace(/^bind .*$/m, 'bind 0.0.0.0').replace(/^protected-mode yes$/m, 'protected-mode no'),
  );
  edit(etc('memcached.conf'), (t) => t.replace(/^-l 127\.0\.0\.1$/m, '-l 0.0.0.0'));
  mkdirSync(at('var-lib-redis'));
  run('chown', ['redis:redis', at('var-lib-redis')]);

  // nginx: Debian's files as they are (nginx.conf's http block allows TLS 1.0 and 1.1).
  writeFileSync(etc('nginx', 'sites-enabled', 'netguard-tls'), TLS_SITE);
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
    etc('nginx', 'netguard-test.key'),
    '-out',
    etc('nginx', 'netguard-test.crt'),
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
  };
}
