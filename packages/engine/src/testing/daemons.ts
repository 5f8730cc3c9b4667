// Real Debian daemons as test peers: each runs in the foreground as a child of the test, on a
// loopback address, with its files in a temporary folder removed on close.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, type Peer } from './peers.ts';

const START_TIMEOUT_MS = 10_000;

type DaemonSpec = {
  /** The binary and the Debian package that installs it. */
  bin: string;
  pkg: string;
  host: string;
  /** A fixed port; a free one when unset. */
  port?: number;
  /** Writes the daemon's files into `dir` and returns its arguments. */
  setup: (dir: string, port: number) => string[];
};

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    const end = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => end(true));
    socket.once('error', () => end(false));
    socket.setTimeout(500, () => end(false));
  });

/** Starts a daemon and waits until its port accepts connections; throws with an install hint. */
async function startDaemon({ bin, pkg, host, port: fixed, setup }: DaemonSpec): Promise<Peer> {
  if (!existsSync(bin))
    throw new Error(
      `${bin} not found: install the Debian package ${pkg} (apt-get install -y ${pkg})`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'netguard-daemon-'));
  const port = fixed ?? (await freePort(host));
  const child = spawn(bin, setup(dir, port), { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d));
  child.stderr.on('data', (d: Buffer) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await connects(host, port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`${bin} did not start on ${host}:${port}:\n${log}`);
    }
    await sleep(50);
  }
  return { host, port, close };
}

/** redis-server with no persistence; with a password it demands AUTH. */
export function startRedis(host: string, password?: string, port?: number): Promise<Peer> {
  return startDaemon({
    bin: '/usr/bin/redis-server',
    pkg: 'redis-server',
    host,
    port,
    setup: (dir, port) => [
      '--bind',
      host,
      '--port',
      String(port),
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      ...(password ? ['--requirepass', password] : []),
    ],
  });
}

/** memcached as Debian runs it, on TCP only. */
export function startMemcached(host: string, port?: number): Promise<Peer> {
  return startDaemon({
    bin: '/usr/bin/memcached',
    pkg: 'memcached',
    host,
    port,
    setup: (_dir, port) => ['-u', 'nobody', '-l', host, '-p', String(port), '-U', '0'],
  });
}

/** vsftpd in standalone mode, with or without anonymous login. */
export function startVsftpd(host: string, anonymous: boolean): Promise<Peer> {
  return startDaemon({
    bin: '/usr/sbin/vsftpd',
    pkg: 'vsftpd',
    host,
    setup: (dir, port) => {
      const empty = join(dir, 'empty');
      mkdirSync(empty, { mode: 0o755 });
      const config = join(dir, 'vsftpd.conf');
      writeFileSync(
        config,
        [
          'listen=YES',
          `listen_address=${host}`,
          `listen_port=${port}`,
          'background=NO',
          `anonymous_enable=${anonymous ? 'YES' : 'NO'}`,
          // vsftpd refuses to run with both kinds of login off.
          `local_enable=${anonymous ? 'NO' : 'YES'}`,
          `secure_chroot_dir=${empty}`,
          `anon_root=${empty}`,
          `vsftpd_log_file=${join(dir, 'vsftpd.log')}`,
          '',
        ].join('\n'),
      );
      return [config];
    },
  });
}

export type NginxSite = {
  /** PEM key and certificate for TLS. */
  tls: { key: string; cert: string };
  /** server_tokens off and the four security headers, or the defaults with none. */
  hardened: boolean;
  /** Unhardened: list this folder ("files"), linked from a page at /, instead of listing /. */
  listedFolder?: string;
  /**
   * `ssl_protocols`, e.g. "TLSv1 TLSv1.1"; with TLS 1.0/1.1 the suites go down to OpenSSL's
   * security level 0, which Debian's defaults (level 2) need for those versions to be offered.
   */
  protocols?: string;
};

/** The nginx lines of a site's `protocols`: none for nginx's defaults. */
function protocolLines(protocols: string | undefined): string {
  if (!protocols) return '';
  const legacy = /TLSv1(\.1)?(\s|$)/.test(protocols);
  return `ssl_protocols ${protocols};${legacy ? '\n    ssl_ciphers DEFAULT:@SECLEVEL=0;' : ''}`;
}

const SECURITY_HEADERS = [
  'add_header Strict-Transport-Security "max-age=31536000" always;',
  `add_header Content-Security-Policy "default-src 'self'" always;`,
  'add_header X-Frame-Options DENY always;',
  'add_header X-Content-Type-Options nosniff always;',
];

/** nginx serving one HTTPS site: a page when hardened, else an auto-generated index of its root. */
export function startNginx(host: string, site: NginxSite): Promise<Peer> {
  return startDaemon({
    bin: '/usr/sbin/nginx',
    pkg: 'nginx',
    host,
    setup: (dir, port) => {
      const root = join(dir, 'www');
      const folder = site.listedFolder;
      mkdirSync(folder ? join(root, folder) : root, { recursive: true });
      const page = `<!doctype html><title>NetGuard test</title>${folder ? `<a href="${folder}/">files</a>` : ''}\n`;
      if (site.hardened || folder) writeFileSync(join(root, 'index.html'), page);
      if (!site.hardened) writeFileSync(join(root, folder ?? '', 'notes.txt'), 'a listed file\n');
      const listing = folder ? `location /${folder}/ { autoindex on; }` : 'autoindex on;';
      writeFileSync(join(dir, 'key.pem'), site.tls.key, { mode: 0o600 });
      writeFileSync(join(dir, 'cert.pem'), site.tls.cert);
      const config = join(dir, 'nginx.conf');
      writeFileSync(
        config,
        `daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')};
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  server {
    listen ${host}:${port} ssl;
    ssl_certificate ${join(dir, 'cert.pem')};
    ssl_certificate_key ${join(dir, 'key.pem')};
    root ${root};
    server_tokens ${site.hardened ? 'off' : 'on'};
    ${protocolLines(site.protocols)}
    ${site.hardened ? SECURITY_HEADERS.join('\n    ') : listing}
  }
}
`,
      );
      return ['-e', join(dir, 'error.log'), '-p', dir, '-c', config];
    },
  });
}

/** The versions `openssl s_server` may negotiate, as its -min_protocol and -max_protocol. */
export type TlsRange = {
  min: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2';
  max: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';
};

/**
 * `openssl s_server -www` (answers GET with an HTML status page) speaking only the versions of
 * `range`, at security level 0 so that TLS 1.0 and 1.1 are really offered.
 */
export function startOpensslServer(
  host: string,
  tls: NginxSite['tls'],
  range: TlsRange,
): Promise<Peer> {
  return startDaemon({
    bin: '/usr/bin/openssl',
    pkg: 'openssl',
    host,
    setup: (dir, port) => {
      writeFileSync(join(dir, 'key.pem'), tls.key, { mode: 0o600 });
      writeFileSync(join(dir, 'cert.pem'), tls.cert);
      return [
        's_server',
        '-quiet',
        '-www',
        '-accept',
        `${host}:${port}`,
        '-cert',
        join(dir, 'cert.pem'),
        '-key',
        join(dir, 'key.pem'),
        '-min_protocol',
        range.min,
        '-max_protocol',
        range.max,
        '-cipher',
        'DEFAULT:@SECLEVEL=0',
      ];
    },
  });
}
