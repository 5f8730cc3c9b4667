// Parses netguard-remediate's arguments; a mistake is a UsageError (exit status 2). Nothing here
// touches the network or the files named: the values are checked for shape only.
import type { ActionParams } from './types.ts';

export const COMMANDS = ['actions', 'dry-run', 'apply', 'rollback', 'verify'] as const;
export type Command = (typeof COMMANDS)[number];

export type SshArgs = {
  host: string;
  port: number;
  user: string;
  keyFile?: string;
  passphraseEnv?: string;
  passwordEnv?: string;
  sudo: boolean;
  pin?: string;
};

export type CliArgs =
  | { command: 'actions'; check?: string; json: boolean }
  | {
      command: 'dry-run';
      ssh: SshArgs;
      action: string;
      params: ActionParams;
      playbook: boolean;
      json: boolean;
    }
  | {
      command: 'apply';
      ssh: SshArgs;
      action: string;
      params: ActionParams;
      executionId: string;
      capturedOut: string;
      json: boolean;
    }
  | { command: 'rollback'; ssh: SshArgs; captured: string; executionId: string; json: boolean }
  | { command: 'verify'; host: string; port: number; check: string; json: boolean };

export class UsageError extends Error {
  override name = 'UsageError';
}

const SWITCHES = ['--json', '--sudo', '--playbook'];
const VALUED = [
  '--check',
  '--action',
  '--host',
  '--port',
  '--user',
  '--key',
  '--passphrase-env',
  '--password-env',
  '--pin',
  '--param',
  '--execution-id',
  '--captured-out',
  '--captured',
];
/** The options each command takes besides --json. */
const ALLOWED: Record<Command, string[]> = {
  actions: ['--check'],
  'dry-run': ['--action', '--param', '--playbook'],
  apply: ['--action', '--param', '--execution-id', '--captured-out'],
  rollback: ['--captured', '--execution-id'],
  verify: ['--host', '--port', '--check'],
};
const SSH = [
  '--host',
  '--port',
  '--user',
  '--key',
  '--passphrase-env',
  '--password-env',
  '--sudo',
  '--pin',
];

type Flags = Map<string, string[]>;

function flagsOf(command: Command, rest: readonly string[]): Flags {
  const allowed = new Set([
    '--json',
    ...ALLOWED[command],
    ...(command === 'actions' || command === 'verify' ? [] : SSH),
  ]);
  const flags: Flags = new Map();
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i] as string;
    if (!SWITCHES.includes(flag) && !VALUED.includes(flag))
      throw new UsageError(`Unknown option ${flag}`);
    if (!allowed.has(flag)) throw new UsageError(`${command} takes no ${flag}`);
    let value = '';
    if (VALUED.includes(flag)) {
      value = rest[i + 1] ?? '';
      if (!value || value.startsWith('-')) throw new UsageError(`${flag} needs a value`);
      i += 1;
    }
    if (flags.has(flag) && flag !== '--param') throw new UsageError(`${flag} is given twice`);
    flags.set(flag, [...(flags.get(flag) ?? []), value]);
  }
  return flags;
}

const optional = (flags: Flags, flag: string) => flags.get(flag)?.[0];
function required(flags: Flags, flag: string, command: Command): string {
  const value = optional(flags, flag);
  if (value === undefined) throw new UsageError(`${command} needs ${flag}`);
  return value;
}

function portOf(value: string, flag: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535)
    throw new UsageError(`${flag} takes a port, 1 to 65535 (got ${value})`);
  return port;
}

/** An environment variable's name (its value is read later, never from the command line). */
function envName(value: string | undefined, flag: string): string | undefined {
  if (value !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(value))
    throw new UsageError(`${flag} takes the name of an environment variable (got ${value})`);
  return value;
}

function sshOf(flags: Flags, command: Command): SshArgs {
  const keyFile = optional(flags, '--key');
  const passwordEnv = envName(optional(flags, '--password-env'), '--password-env');
  if ((keyFile === undefined) === (passwordEnv === undefined))
    throw new UsageError(`${command} needs one of --key FILE and --password-env VAR`);
  const passphraseEnv = envName(optional(flags, '--passphrase-env'), '--passphrase-env');
  if (passphraseEnv && !keyFile) throw new UsageError('--passphrase-env goes with --key');
  const pin = optional(flags, '--pin');
  if (pin !== undefined && !/^SHA256:[A-Za-z0-9+/]{43}$/.test(pin))
    throw new UsageError(
      `--pin takes an OpenSSH SHA256 fingerprint, SHA256:<43 characters> (got ${pin})`,
    );
  const port = optional(flags, '--port');
  return {
    host: required(flags, '--host', command),
    port: port === undefined ? 22 : portOf(port, '--port'),
    user: required(flags, '--user', command),
    ...(keyFile === undefined ? {} : { keyFile }),
    ...(passphraseEnv === undefined ? {} : { passphraseEnv }),
    ...(passwordEnv === undefined ? {} : { passwordEnv }),
    sudo: flags.has('--sudo'),
    ...(pin === undefined ? {} : { pin }),
  };
}

function paramsOf(flags: Flags): ActionParams {
  const params: ActionParams = {};
  for (const pair of flags.get('--param') ?? []) {
    const [key, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (!pair.includes('=') || !value)
      throw new UsageError(`--param takes KEY=VALUE (got ${pair})`);
    if (key === 'port') params.port = portOf(value, '--param port');
    else if (key === 'webRoot') {
      if (!value.startsWith('/'))
        throw new UsageError(`--param webRoot takes an absolute path (got ${value})`);
      params.webRoot = value;
    } else if (key === 'package') {
      if (!/^[a-z0-9][a-z0-9+.-]*$/.test(value))
        throw new UsageError(`--param package takes a package name (got ${value})`);
      params.package = value;
    } else throw new UsageError(`--param takes port, webRoot or package (got ${key})`);
  }
  return params;
}

/** The execution id names files on the host (`<path>.netguard-<id>`): letters, digits, . _ - */
function executionIdOf(flags: Flags, command: Command): string {
  const id = required(flags, '--execution-id', command);
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id))
    throw new UsageError(
      `--execution-id takes up to 64 letters, digits, '.', '_' or '-' (got ${id})`,
    );
  return id;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command))
    throw new UsageError(
      `Name the command first: ${COMMANDS.join(', ')} (got ${command ?? 'nothing'})`,
    );
  const c = command as Command;
  const flags = flagsOf(c, rest);
  const json = flags.has('--json');
  if (c === 'actions') {
    const check = optional(flags, '--check');
    return { command: c, ...(check === undefined ? {} : { check }), json };
  }
  if (c === 'verify')
    return {
      command: c,
      host: required(flags, '--host', c),
      port: portOf(required(flags, '--port', c), '--port'),
      check: required(flags, '--check', c),
      json,
    };
  const ssh = sshOf(flags, c);
  if (c === 'rollback')
    return {
      command: c,
      ssh,
      captured: required(flags, '--captured', c),
      executionId: executionIdOf(flags, c),
      json,
    };
  const action = required(flags, '--action', c);
  const params = paramsOf(flags);
  if (c === 'dry-run')
    return { command: c, ssh, action, params, playbook: flags.has('--playbook'), json };
  return {
    command: c,
    ssh,
    action,
    params,
    executionId: executionIdOf(flags, c),
    capturedOut: required(flags, '--captured-out', c),
    json,
  };
}
