// The compiled netguard-remediate (bin/netguard-remediate.js on plain node) against a namespace
// test host running vsftpd with anonymous logins: verify, dry run, apply, verify, rollback, verify.
// Only the host this test creates (in the file's namespace) is contacted; every run and wait is bounded.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { startTestHost, type TestHost } from './testing/netns-host.ts';

const BIN = fileURLToPath(new URL('../bin/netguard-remediate.js', import.meta.url));
const DIST_BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

type Run = { code: number; stdout: string; stderr: string };

async function run(args: string[], env: Record<string, string> = {}, bin = BIN): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let host: TestHost;
let dir: string;
beforeAll(async () => {
  host = await startTestHost({
    namespace: testResources().namespace(1),
    services: ['ssh', 'vsftpd'],
  });
  dir = mkdtempSync(join(tmpdir(), 'netguard-remediate-cli-'));
}, 60_000);
afterAll(async () => {
  await host?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = () => ({ NG_PASSWORD: host.user.password });
/** As ngadmin, password from the environment, through sudo, host key pinned. */
const asAdmin = () => [
  '--host',
  host.address,
  '--user',
  host.user.username,
  '--password-env',
  'NG_PASSWORD',
  '--sudo',
  '--pin',
  host.hostKeySha256,
];
const ACTION = ['--action', 'vsftpd-disable-anonymous'];

/**
 * verify until it exits `code` with vsftpd answering (a restarting vsftpd's closed port raises no
 * finding either); at most 10 tries.
 */
async function verifyUntil(code: 0 | 1) {
  const args = ['verify', '--host', host.address, '--port', '21', '--check', 'ftp-anonymous'];
  let last = await run([...args, '--json']);
  for (
    let i = 0;
    i < 10 && (last.code !== code || JSON.parse(last.stdout).portState !== 'open');
    i++
  ) {
    await new Promise((r) => setTimeout(r, 300));
    last = await run([...args, '--json']);
  }
  return { ...last, verification: JSON.parse(last.stdout) };
}

describe('netguard-remediate on a namespace host', () => {
  it('verify, dry-run, apply, verify, rollback, verify', async () => {
    const before = await verifyUntil(1);
    expect(before).toMatchObject({ code: 1, verification: { fixed: false, portState: 'open' } });
    expect(before.verification.evidence).toMatch(/anonymous/i);

    // Root by key, not pinned: the key seen is printed so it can be pinned.
    const key = join(host.dir, 'root_key');
    const dry = await run([
      'dry-run',
      ...ACTION,
      '--host',
      host.address,
      '--user',
      'root',
      '--key',
      key,
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(`--pin ${host.hostKeySha256}`);
    expect(dry.stdout).toContain('--- /etc/vsftpd.conf');
    expect(dry.stdout).toMatch(/^-anonymous_enable=YES$/m);
    expect(dry.stdout).toMatch(/^\+anonymous_enable=NO$/m);
    expect(dry.stdout).toContain('# shell script\n#!/bin/sh');
    const playbook = await run(['dry-run', ...ACTION, ...asAdmin(), '--playbook'], PASSWORD());
    expect(playbook.stdout).toContain('# Ansible playbook');
    expect(playbook.stderr).toBe('');
    const asJson = JSON.parse(
      (await run(['dry-run', ...ACTION, ...asAdmin(), '--json'], PASSWORD())).stdout,
    );
    expect(asJson).toMatchObject({ changes: true, diffs: [{ target: '/etc/vsftpd.conf' }] });

    const captured = join(dir, 'e-cli.json');
    const conf = host.outside('/etc/vsftpd.conf');
    const apply = await run(
      ['apply', ...ACTION, ...asAdmin(), '--execution-id', 'e-cli', '--captured-out', captured],
      PASSWORD(),
    );
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('✓ applied vsftpd-disable-anonymous');
    const state = JSON.parse(readFileSync(captured, 'utf8'));
    expect(state.kind).toBe('host');
    expect(JSON.stringify(state.data)).toContain('anonymous_enable=YES');
    expect(statSync(captured).mode & 0o777).toBe(0o600);
    // Written before the configuration was.
    expect(statSync(captured).mtimeMs).toBeLessThanOrEqual(statSync(conf).mtimeMs);
    expect(readFileSync(conf, 'utf8')).toMatch(/^anonymous_enable=NO$/m);
    // A captured state is never overwritten.
    const again = await run(
      ['apply', ...ACTION, ...asAdmin(), '--execution-id', 'e-cli2', '--captured-out', captured],
      PASSWORD(),
    );
    expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining('not overwriting') });

    expect(await verifyUntil(0)).toMatchObject({ code: 0, verification: { fixed: true } });

    const rollback = await run(
      ['rollback', ...asAdmin(), '--captured', captured, '--execution-id', 'e-cli'],
      PASSWORD(),
    );
    expect(rollback.code, rollback.stderr).toBe(0);
    expect(rollback.stdout).toContain('✓ rolled back');
    expect(readFileSync(conf, 'utf8')).toMatch(/^anonymous_enable=YES$/m);
    expect(await verifyUntil(1)).toMatchObject({ code: 1, verification: { fixed: false } });
  }, 120_000);

  it('refuses a host key other than the pinned one (exit 3) and a wrong password', async () => {
    const args = [...asAdmin().slice(0, -1), `SHA256:${'A'.repeat(43)}`];
    const mismatch = await run(['dry-run', ...ACTION, ...args], PASSWORD());
    expect(mismatch).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('host_key_mismatch'),
    });
    const refused = await run(['dry-run', ...ACTION, ...asAdmin()], { NG_PASSWORD: 'wrong' });
    expect(refused).toMatchObject({ code: 3, stderr: expect.stringContaining('auth_failed') });
  }, 60_000);

  it('exits 1 with the reason when the apply fails (here: no sudo), the host left as it was', async () => {
    const captured = join(dir, 'e-nosudo.json');
    const conf = host.outside('/etc/vsftpd.conf');
    const before = readFileSync(conf);
    const noSudo = asAdmin().filter((a) => a !== '--sudo');
    const apply = await run(
      ['apply', ...ACTION, ...noSudo, '--execution-id', 'e-nosudo', '--captured-out', captured],
      PASSWORD(),
    );
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(/apply failed: command_failed: .*vsftpd\.conf/);
    expect(apply.stderr).toContain(`the captured state is in ${captured}`);
    expect(apply.stdout).toContain('✗ ');
    expect(readFileSync(conf)).toEqual(before);
  }, 60_000);

  it('exits 3 when nothing listens on the SSH port (127.0.0.1)', async () => {
    const key = join(host.dir, 'root_key');
    const ssh = ['--host', '127.0.0.1', '--port', '1', '--user', 'root', '--key', key];
    const refused = await run(['dry-run', ...ACTION, ...ssh]);
    expect(refused).toMatchObject({ code: 3, stderr: expect.stringContaining('unreachable') });
  });

  it('prints its help from the compiled bundle', async () => {
    const help = await run(['--help'], {}, DIST_BIN);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: netguard-remediate <command>');
  });
});
