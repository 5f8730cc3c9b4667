// A throwaway Debian "host" for remediation tests: a network namespace of the test file
// (testResources().namespace(n), scripts/testing/resources.ts) reached over its veth pair, whose
// processes see private copies of the configuration (bind mounts in their own mount namespace)
// and run the real daemons with Debian's init scripts. Needs root, iproute2, util-linux (unshare,
// nsenter), openssh-server and nftables.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestNamespace } from '../../../../scripts/testing/resources.ts';
import { hostFiles, type TestService } from './netns-files.ts';

export type { TestService } from './netns-files.ts';

export type TestHostOptions = {
  /**
   * The test file's namespace (testResources().namespace(n)): the host is its insideAddress, the
   * outside end of the veth pair its outsideAddress. A stale one of the same name is removed first.
   */
  namespace: TestNamespace;
  services: TestService[];
  /** More files for the host, by absolute path inside one of its private trees. */
  files?: Record<string, string | Buffer>;
};

export type TestHost = {
  address: string;
  sshPort: 22;
  hostKeySha256: string;
  /** The OpenSSH private key root signs in with. */
  rootKey: string;
  /** A user with a password and sudo rights (sudo asks for the password). */
  user: { username: string; password: string };
  /** The temp dir holding the private trees (etc, var-www, var-lib-redis). */
  dir: string;
  /** The private copy of a host path, as seen from outside (for byte-for-byte checks). */
  outside(path: string): string;
  /** Runs a command inside the host (its network and mount namespaces). */
  run(command: string): string;
  /** Waits (bounded) until something inside listens on the TCP port. */
  waitListening(port: number, timeoutMs?: number): Promise<void>;
  /** New host keys, sshd reloaded; resolves with the new fingerprint. */
  restartHostKeys(): Promise<string>;
  stop(): Promise<void>;
};

const READY = 'NETGUARD-TEST-HOST-READY';
const PORTS: Record<TestService, number[]> = {
  ssh: [22],
  nginx: [80, 443],
  vsftpd: [21],
  'redis-server': [6379],
  memcached: [11211],
};
const START_TIMEOUT_MS = 30_000;
const TOOLS = ['ip', 'unshare', 'nsenter', 'sshd', 'ssh-keygen', 'nft', 'openssl'];

function requireTools(services: TestService[]): void {
  if (process.getuid?.() !== 0)
    throw new Error('startTestHost needs root: it creates network namespaces and bind mounts');
  const path = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin']);
  const missing = TOOLS.filter((t) => !path.some((d) => existsSync(join(d, t))));
  for (const s of services) if (!existsSync(`/etc/init.d/${s}`)) missing.push(`/etc/init.d/${s}`);
  if (missing.length)
    throw new Error(
      `startTestHost: missing ${missing.join(', ')} (Debian: apt-get install -y iproute2 util-linux nftables sudo openssh-server nginx vsftpd redis-server memcached openssl)`,
    );
}

const sh = (command: string) => execFileSync('sh', ['-c', command], { stdio: 'pipe' }).toString();
const quiet = (command: string) => {
  try {
    sh(command);
  } catch {}
};

const tempPrefix = (ns: TestNamespace) => `netguard-host-${ns.name}-`;

/** Removes what a crashed run with this namespace left: processes, veth, namespace, temp dirs. */
function removeStale(namespace: TestNamespace): void {
  const ns = namespace.name;
  if (
    sh('ip netns list')
      .split('\n')
      .some((l) => l.split(' ')[0] === ns)
  ) {
    quiet(`ip netns pids ${ns} | xargs -r kill -9`);
    quiet(`ip netns del ${ns}`);
  }
  quiet(`ip link del ${namespace.outsideLink}`);
  for (const entry of readdirSync(tmpdir()))
    if (entry.startsWith(tempPrefix(namespace)))
      rmSync(join(tmpdir(), entry), { recursive: true, force: true });
}

/** The private copy of a host path, as seen from outside the host. */
function outsideOf(dir: string, trees: { path: string; dir: string }[], path: string): string {
  const tree = trees.find((t) => path === t.path || path.startsWith(`${t.path}/`));
  if (!tree) throw new Error(`${path} is not in one of the test host's private trees`);
  return join(dir, tree.dir, path.slice(tree.path.length));
}

const fingerprint = (pub: string) =>
  sh(`ssh-keygen -l -E sha256 -f ${pub}`).split(' ')[1] as string;

/** Starts the host; resolves once every service has started. */
export async function startTestHost(options: TestHostOptions): Promise<TestHost> {
  const { namespace, services } = options;
  const { name: ns, outsideLink, insideLink, prefix } = namespace;
  const names = [ns, outsideLink, insideLink];
  if (!names.every((n) => /^[A-Za-z0-9-]{1,15}$/.test(n)) || prefix !== 30)
    throw new Error('startTestHost: namespace is testResources().namespace(n)');
  requireTools(services);
  removeStale(namespace);
  const address = namespace.insideAddress;
  const dir = mkdtempSync(join(tmpdir(), tempPrefix(namespace)));
  chmodSync(dir, 0o755);
  let built: ReturnType<typeof hostFiles>;
  try {
    built = hostFiles(dir);
    for (const [path, content] of Object.entries(options.files ?? {})) {
      const at = outsideOf(dir, built.trees, path);
      mkdirSync(dirname(at), { recursive: true });
      writeFileSync(at, content);
    }
    sh(
      [
        `ip netns add ${ns}`,
        `ip link add ${outsideLink} type veth peer name ${insideLink} netns ${ns}`,
        `ip addr add ${namespace.outsideAddress}/${prefix} dev ${outsideLink}`,
        `ip link set ${outsideLink} up`,
        `ip -n ${ns} addr add ${address}/${prefix} dev ${insideLink}`,
        `ip -n ${ns} link set ${insideLink} up`,
        `ip -n ${ns} link set lo up`,
      ].join(' && '),
    );
  } catch (error) {
    removeStale(namespace);
    throw error;
  }
  const outside = (path: string) => outsideOf(dir, built.trees, path);
  const child = spawn(
    'ip',
    ['netns', 'exec', ns, 'unshare', '-m', 'sh', '-c', setupScript(built.mounts, services)],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let hostKeySha256 = fingerprint(join(dir, 'etc/ssh/ssh_host_ed25519_key.pub'));
  const host: TestHost = {
    address,
    sshPort: 22,
    hostKeySha256,
    rootKey: readFileSync(join(dir, 'root_key'), 'utf8'),
    user: built.user,
    dir,
    outside,
    run: (command) =>
      execFileSync('nsenter', ['-t', String(child.pid), '-m', '-n', 'sh', '-c', command], {
        stdio: 'pipe',
      }).toString(),
    async waitListening(port, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (!host.run(`ss -Hltn 'sport = :${port}'`).trim()) {
        if (Date.now() > until) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async restartHostKeys() {
      const key = join(dir, 'etc/ssh/ssh_host_ed25519_key');
      rmSync(key, { force: true });
      rmSync(`${key}.pub`, { force: true });
      sh(`ssh-keygen -q -t ed25519 -N '' -f ${key}`);
      host.run('service ssh reload');
      // sshd re-executes on SIGHUP: bounded wait until it serves the new key.
      const wanted = readFileSync(`${key}.pub`, 'utf8').split(' ')[1] as string;
      for (
        let i = 0;
        !sh(`ssh-keyscan -T 1 -t ed25519 ${address} 2>/dev/null || true`).includes(wanted);
        i++
      ) {
        if (i >= 50) throw new Error('sshd did not serve the new host key within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      hostKeySha256 = fingerprint(`${key}.pub`);
      host.hostKeySha256 = hostKeySha256;
      return hostKeySha256;
    },
    stop: () => stopHost(child, namespace, dir),
  };
  try {
    await waitReady(child);
    // The init scripts return once the daemon forked, which can be before it listens.
    for (const service of services)
      for (const port of PORTS[service]) await host.waitListening(port);
  } catch (error) {
    await host.stop();
    throw error;
  }
  return host;
}

/** Mounts the private trees, starts the services, then waits for stdin to close (stop kills all). */
function setupScript(
  mounts: { source: string; target: string }[],
  services: TestService[],
): string {
  return [
    'set -e',
    'mount --make-rprivate /',
    'mount -t tmpfs -o mode=755 tmpfs /run',
    'mount -t tmpfs -o mode=755 tmpfs /var/log',
    'mkdir -p /var/log/nginx /var/log/redis /run/ngadmin && chown redis:redis /var/log/redis',
    ...mounts.map((m) => `mount --bind '${m.source}' '${m.target}'`),
    'chown ngadmin:ngadmin /run/ngadmin',
    ...services.map((s) => `service ${s} start >&2`),
    `echo ${READY}`,
    'set +e',
    'read _',
  ].join('\n');
}

function waitReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(
      () => reject(new Error(`test host not ready within ${START_TIMEOUT_MS} ms:\n${log}`)),
      START_TIMEOUT_MS,
    );
    child.stderr!.on('data', (d: Buffer) => {
      log += d.toString();
    });
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`test host setup exited with code ${code}:\n${log}`));
    });
  });
}

async function stopHost(child: ChildProcess, namespace: TestNamespace, dir: string) {
  const ns = namespace.name;
  child.stdin!.end();
  quiet(`ip netns pids ${ns} | xargs -r kill -9`);
  if (child.exitCode === null && child.signalCode === null)
    await Promise.race([
      new Promise((resolve) => child.once('exit', resolve)),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  quiet(`ip link del ${namespace.outsideLink}`);
  quiet(`ip netns del ${ns}`);
  rmSync(dir, { recursive: true, force: true });
}
