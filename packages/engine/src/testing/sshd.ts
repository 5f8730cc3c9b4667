import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testResources } from '../../../../scripts/testing/current.ts';
import { freePort, type Peer } from './peers.ts';

const SSHD = '/usr/sbin/sshd';
const START_TIMEOUT_MS = 10_000;

export type SshdOptions = {
  passwordAuthentication: boolean;
  /** Loopback address to listen on; default host 22 of the calling test file's block. */
  host?: string;
  extraConfig?: string[];
};

/**
 * Starts a private OpenSSH server (Debian package openssh-server) on loopback with a fresh
 * host key and a generated config. Throws with an install hint when sshd is missing.
 */
export async function startSshd(options: SshdOptions): Promise<Peer> {
  if (!existsSync(SSHD))
    throw new Error(
      `${SSHD} not found: the SSH password-authentication tests need the Debian package openssh-server (apt-get install -y openssh-server)`,
    );
  // Privilege separation needs this directory when sshd runs as root; Debian's service creates it.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const dir = mkdtempSync(join(tmpdir(), 'netguard-sshd-'));
  const hostKey = join(dir, 'host_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey], { stdio: 'pipe' });
  const host = options.host ?? testResources().host(22);
  const port = await freePort(host);
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `ListenAddress ${host}:${port}`,
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `PasswordAuthentication ${options.passwordAuthentication ? 'yes' : 'no'}`,
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'UsePAM no',
      'StrictModes no',
      ...(options.extraConfig ?? []),
      '',
    ].join('\n'),
  );
  const child = spawn(SSHD, ['-D', '-e', '-f', config, '-h', hostKey], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    await waitListening(child, host, port);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host,
    port,
    close: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

function waitListening(child: ChildProcess, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(
      () => reject(new Error(`sshd did not start within ${START_TIMEOUT_MS} ms:\n${log}`)),
      START_TIMEOUT_MS,
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(`Server listening on ${host} port ${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sshd exited with code ${code}:\n${log}`));
    });
  });
}
