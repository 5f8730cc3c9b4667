// netguard-remediate: parses the arguments, signs in to the host (key from a file, password from
// the environment), runs the host action's dry run, apply or rollback, or verifies a check.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { actionsForCheck, REMEDIATION_ACTIONS } from './catalog/index.ts';
import { type CliArgs, parseArgs, type SshArgs, UsageError } from './cli-args.ts';
import { actionLines, dryRunText, stepLines, verificationText } from './cli-format.ts';
import { USAGE } from './cli-usage.ts';
import { type CapturedState, RemediationError } from './execution.ts';
import { connectHost, type HostConnection } from './host/connection.ts';
import { applyHost, dryRunHost, HostApplyError, rollbackHost } from './host/execute.ts';
import { verifyHostCheck } from './host/verify.ts';
import { type ActionParams, MissingParameter, type RemediationAction } from './types.ts';

export type Io = {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
};

/** Failures before anything ran on the host: it could not be reached or signed in to. */
const CONNECT_CODES = new Set(['auth_failed', 'host_key_mismatch', 'unreachable']);

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function readSecretFile(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${path}: ${(error as Error).message}`);
  }
}

function fromEnv(io: Io, name: string, flag: string): string {
  const value = io.env[name];
  if (!value) throw new UsageError(`${flag}: the environment variable ${name} is not set`);
  return value;
}

/** A host action by id, with the finding's values it needs (checked before connecting). */
function hostAction(id: string, params: ActionParams): RemediationAction {
  const action = REMEDIATION_ACTIONS.find((a) => a.id === id);
  if (!action) throw new UsageError(`Unknown action ${id} (see netguard-remediate actions)`);
  if (action.type === 'cloud')
    throw new UsageError(`${id} is a cloud action: this CLI runs host actions over SSH`);
  try {
    action.operations(params);
  } catch (error) {
    if (error instanceof MissingParameter)
      throw new UsageError(`${id}: ${error.message} (pass --param)`);
    throw error;
  }
  return action;
}

async function connect(ssh: SshArgs, io: Io): Promise<HostConnection> {
  const conn = await connectHost({
    host: ssh.host,
    port: ssh.port,
    username: ssh.user,
    ...(ssh.keyFile ? { privateKey: readSecretFile(ssh.keyFile, '--key') } : {}),
    ...(ssh.passphraseEnv
      ? { passphrase: fromEnv(io, ssh.passphraseEnv, '--passphrase-env') }
      : {}),
    ...(ssh.passwordEnv ? { password: fromEnv(io, ssh.passwordEnv, '--password-env') } : {}),
    sudo: ssh.sudo ? 'sudo' : 'none',
    ...(ssh.pin ? { hostKeySha256: ssh.pin } : {}),
  });
  if (!ssh.pin)
    io.err(
      `netguard-remediate: host key of ${ssh.host}:${ssh.port} not pinned; it is ${conn.hostKeySha256} (pass --pin ${conn.hostKeySha256} next time)\n`,
    );
  return conn;
}

async function withHost<T>(ssh: SshArgs, io: Io, run: (c: HostConnection) => Promise<T>) {
  const conn = await connect(ssh, io);
  try {
    return await run(conn);
  } finally {
    conn.close();
  }
}

function readCaptured(path: string): CapturedState {
  let captured: CapturedState;
  try {
    captured = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--captured ${path}: ${(error as Error).message}`);
  }
  if (captured?.kind !== 'host' || typeof captured.data !== 'object' || !captured.data)
    throw new UsageError(`--captured ${path} is not a host action's captured state`);
  return captured;
}

async function run(args: CliArgs, io: Io): Promise<number> {
  switch (args.command) {
    case 'actions': {
      const actions = args.check ? actionsForCheck(args.check) : REMEDIATION_ACTIONS;
      if (!actions.length) {
        io.err(`netguard-remediate: no action fixes findings of ${args.check}\n`);
        return 1;
      }
      io.out(
        args.json ? `${actions.map((a) => JSON.stringify(a)).join('\n')}\n` : actionLines(actions),
      );
      return 0;
    }
    case 'verify': {
      const v = await verifyHostCheck({ host: args.host, port: args.port, checkId: args.check });
      io.out(args.json ? json(v) : verificationText(v, `${args.host}:${args.port}`));
      return v.fixed ? 0 : 1;
    }
    case 'dry-run': {
      const action = hostAction(args.action, args.params);
      const dry = await withHost(args.ssh, io, (c) => dryRunHost(c, action, args.params));
      io.out(args.json ? json(dry) : dryRunText(dry, args.playbook));
      return 0;
    }
    case 'apply': {
      const action = hostAction(args.action, args.params);
      if (existsSync(args.capturedOut))
        throw new UsageError(`--captured-out ${args.capturedOut} exists: not overwriting it`);
      const result = await withHost(args.ssh, io, (c) =>
        applyHost(c, action, args.params, args.executionId, {
          // Written before the first change: a crash after it still leaves what to roll back.
          onCaptured: (captured) =>
            writeFileSync(args.capturedOut, json(captured), { flag: 'wx', mode: 0o600 }),
        }),
      );
      io.out(args.json ? json(result) : stepLines(result.log));
      return 0;
    }
    case 'rollback': {
      const captured = readCaptured(args.captured);
      const result = await withHost(args.ssh, io, (c) =>
        rollbackHost(c, captured, args.executionId),
      );
      io.out(args.json ? json(result) : stepLines(result.log));
      return 0;
    }
  }
}

function failed(error: RemediationError, args: CliArgs, io: Io): number {
  if (args.json)
    io.out(json({ error: { code: error.code, message: error.message }, log: error.log }));
  else io.out(stepLines(error.log));
  const kept =
    error instanceof HostApplyError &&
    error.captured &&
    args.command === 'apply' &&
    existsSync(args.capturedOut)
      ? ` (the captured state is in ${args.capturedOut})`
      : '';
  io.err(`netguard-remediate: ${args.command} failed: ${error.code}: ${error.message}${kept}\n`);
  return CONNECT_CODES.has(error.code) ? 3 : 1;
}

/** Runs the CLI; resolves to the exit status. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  if (!argv.length) {
    io.err(USAGE);
    return 2;
  }
  let args: CliArgs | undefined;
  try {
    args = parseArgs(argv);
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`netguard-remediate: ${error.message}\n`);
      return 2;
    }
    if (error instanceof RemediationError && args) return failed(error, args, io);
    throw error;
  }
}
