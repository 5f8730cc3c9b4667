// An SSH connection to a host being remediated (ssh2): the host key checked against the pinned
// fingerprint before authenticating, commands run with or without sudo, files read and written
// through commands so that sudo applies to them too.
import { createHash } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { Client, type ClientErrorExtensions } from 'ssh2';
import { RemediationError } from '../execution.ts';
import { quoteShell } from '../render/shell.ts';

export type SudoMode = 'none' | 'sudo';

export type ConnectOptions = {
  host: string;
  /** Default 22. */
  port?: number;
  username: string;
  privateKey?: string | Buffer;
  passphrase?: string;
  password?: string;
  /** The pinned host key, OpenSSH style ("SHA256:" + base64 without padding). */
  hostKeySha256?: string;
  /** 'sudo': commands run through sudo (passwordless, or with `password` via `sudo -S`). */
  sudo?: SudoMode;
  /** Longest wait for the connection, key exchange and authentication. Default 10 s. */
  readyTimeoutMs?: number;
  /**
   * Opens the TCP connection (the server's egress-checked connect); its failure message is
   * reported as is. Default: ssh2 connects by itself.
   */
  openSocket?: (host: string, port: number, timeoutMs: number) => Promise<Duplex>;
};

export type ExecResult = { code: number; stdout: string; stderr: string };
export type ExecOptions = {
  stdin?: string | Buffer;
  /** Run through sudo; default: whenever the connection was opened with sudo. */
  sudo?: boolean;
  /** The command is killed after this long (exit -1, "timed out" on stderr). Default 10 min. */
  timeoutMs?: number;
};

export type RemoteFile = {
  exists: boolean;
  content: string;
  /** Octal permission bits as stat prints them ("644"). */
  mode?: string;
  /** "user:group". */
  owner?: string;
  /** The bytes, base64, when they are not valid UTF-8 (`content` cannot hold them exactly). */
  base64?: string;
};

export type HostConnection = {
  /** The fingerprint the server presented (pin it after a first connection). */
  hostKeySha256: string;
  sudo: SudoMode;
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  readFile(path: string): Promise<RemoteFile>;
  /**
   * Written to a temp file beside it (beside the target of a symlink) and renamed over it; mode
   * and owner kept unless given.
   */
  writeFile(
    path: string,
    content: string | Buffer,
    options?: { mode?: string; owner?: string },
  ): Promise<void>;
  close(): void;
};

/** OpenSSH's fingerprint of a public key blob: SHA256:base64 without padding. */
export const sha256Fingerprint = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

const ABSENT = 3;

/** Opens the connection; throws RemediationError host_key_mismatch, auth_failed or unreachable. */
export async function connectHost(options: ConnectOptions): Promise<HostConnection> {
  const port = options.port ?? 22;
  const readyTimeout = options.readyTimeoutMs ?? 10_000;
  const sock = await options.openSocket?.(options.host, port, readyTimeout).catch((error) => {
    const failure = new RemediationError(
      'unreachable',
      `${where(options)} unreachable: ${error.message}`,
    );
    throw Object.assign(failure, { cause: error });
  });
  const client = new Client();
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error & ClientErrorExtensions) => {
      client.end();
      reject(connectError(options, seen, error));
    };
    client.once('ready', () => resolve());
    client.once('error', fail);
    client.once('close', () =>
      reject(new RemediationError('unreachable', `${where(options)} closed the connection`)),
    );
    client.connect({
      ...(sock ? { sock } : {}),
      host: options.host,
      port,
      username: options.username,
      privateKey: options.privateKey,
      passphrase: options.passphrase,
      password: options.password,
      readyTimeout,
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        seen = sha256Fingerprint(key);
        return !options.hostKeySha256 || options.hostKeySha256 === seen;
      },
    });
  });
  client.removeAllListeners('close');
  client.on('error', () => {});
  const run = (command: string, stdin?: string | Buffer, timeoutMs = 600_000) =>
    execRaw(client, command, stdin, timeoutMs);
  const sudo = await sudoPrefix(run, options);
  const exec = (command: string, opts: ExecOptions = {}) => {
    if (!(opts.sudo ?? options.sudo === 'sudo') || !sudo)
      return run(command, opts.stdin, opts.timeoutMs);
    return run(
      `${sudo.prefix} sh -c ${quoteShell(command)}`,
      Buffer.concat([Buffer.from(sudo.stdin), Buffer.from(opts.stdin ?? '')]),
      opts.timeoutMs,
    );
  };
  return {
    hostKeySha256: seen,
    sudo: options.sudo ?? 'none',
    exec,
    async readFile(path) {
      const p = quoteShell(path);
      const r = await exec(
        `if [ -e ${p} ]; then stat -L -c '%a %U:%G' -- ${p} && base64 -w0 -- ${p}; else exit ${ABSENT}; fi`,
      );
      if (r.code === ABSENT) return { exists: false, content: '' };
      if (r.code !== 0) throw commandFailed(`read ${path}`, r);
      const [stat = '', encoded = ''] = r.stdout.split('\n');
      const [mode, owner] = stat.split(' ');
      const bytes = Buffer.from(encoded, 'base64');
      const content = bytes.toString('utf8');
      const exact = Buffer.from(content, 'utf8').equals(bytes);
      return { exists: true, content, mode, owner, ...(exact ? {} : { base64: encoded }) };
    },
    async writeFile(path, content, opts = {}) {
      const p = '"$f"';
      const steps = [
        'cat > "$t"',
        'chmod 644 "$t"',
        `if [ -e ${p} ]; then chmod --reference=${p} "$t" && chown --reference=${p} "$t"; fi`,
        ...(opts.mode ? [`chmod ${quoteShell(opts.mode)} "$t"`] : []),
        ...(opts.owner ? [`chown ${quoteShell(opts.owner)} "$t"`] : []),
        `mv -f "$t" ${p}`,
      ];
      const script = [
        `f=$(readlink -f -- ${quoteShell(path)}) && t=$(mktemp "$f.netguard-XXXXXX") || exit 1`,
        `{ ${steps.join(' && ')}; } || { rm -f "$t"; exit 1; }`,
      ].join('\n');
      const r = await exec(script, { stdin: content });
      if (r.code !== 0) throw commandFailed(`write ${path}`, r);
    },
    close: () => client.end(),
  };
}

export const commandFailed = (what: string, r: ExecResult) =>
  new RemediationError(
    'command_failed',
    `${what} failed (exit ${r.code}): ${(r.stderr || r.stdout).trim().slice(0, 500)}`,
  );

const where = (o: ConnectOptions) => `${o.host}:${o.port ?? 22}`;

function connectError(
  options: ConnectOptions,
  seen: string,
  error: Error & ClientErrorExtensions,
): RemediationError {
  if (options.hostKeySha256 && seen && seen !== options.hostKeySha256)
    return new RemediationError(
      'host_key_mismatch',
      `${where(options)} presented host key ${seen}, not the pinned ${options.hostKeySha256}: refused before authenticating (the host was reinstalled, its keys changed, or someone is in between)`,
    );
  if (error.level === 'client-authentication')
    return new RemediationError(
      'auth_failed',
      `${where(options)} refused ${options.username}'s credentials: ${error.message}`,
    );
  return new RemediationError(
    'unreachable',
    `${where(options)} unreachable: ${error.message}${error.level ? ` (${error.level})` : ''}`,
  );
}

type Sudo = { prefix: string; stdin: string };

/** How this connection runs sudo: passwordless (-n), or with the login password on stdin. */
async function sudoPrefix(
  run: (command: string, stdin?: string) => Promise<ExecResult>,
  options: ConnectOptions,
): Promise<Sudo | undefined> {
  if (options.sudo !== 'sudo') return undefined;
  if ((await run('sudo -n true')).code === 0) return { prefix: 'sudo -n', stdin: '' };
  if (options.password === undefined)
    throw new RemediationError(
      'auth_failed',
      `sudo on ${where(options)} asks ${options.username} for a password and none was given`,
    );
  // -k: always ask, so the password line is never left over for the command to read.
  const withPassword = { prefix: "sudo -k -S -p ''", stdin: `${options.password}\n` };
  const probe = await run(`${withPassword.prefix} true`, withPassword.stdin);
  if (probe.code !== 0)
    throw new RemediationError(
      'auth_failed',
      `sudo on ${where(options)} refused ${options.username}: ${probe.stderr.trim().slice(0, 300)}`,
    );
  return withPassword;
}

function execRaw(
  client: Client,
  command: string,
  stdin: string | Buffer | undefined,
  timeoutMs: number,
): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    client.exec(command, (error, stream) => {
      if (error) return reject(new RemediationError('unreachable', error.message));
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let code = -1;
      let done = false;
      const settle = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve({
          code,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
        });
      };
      // Resolved at once: the remote side may ignore the signal and keep the channel open.
      const timer = setTimeout(() => {
        err.push(Buffer.from(`\ntimed out after ${timeoutMs} ms`));
        code = -1;
        settle();
        stream.signal('KILL');
        stream.close();
      }, timeoutMs);
      stream.on('data', (d: Buffer) => out.push(d));
      stream.stderr.on('data', (d: Buffer) => err.push(d));
      stream.on('exit', (c: number | null) => {
        if (!done) code = c ?? -1;
      });
      stream.on('close', settle);
      stream.end(stdin ?? '');
    });
  });
}
