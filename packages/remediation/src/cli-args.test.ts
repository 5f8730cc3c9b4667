import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { parseArgs, UsageError } from './cli-args.ts';

const SSH = ['--host', '192.0.2.1', '--user', 'root', '--key', '/k'];
const PIN = `SHA256:${'A'.repeat(43)}`;

describe('parseArgs', () => {
  it('reads a dry run: SSH options, parameters, pin, sudo, the playbook switch', () => {
    expect(
      parseArgs([
        'dry-run',
        '--action',
        'firewall-close-port',
        ...SSH,
        '--port',
        '2222',
        '--sudo',
        '--pin',
        PIN,
        '--param',
        'port=21',
        '--param',
        'webRoot=/var/www/html',
        '--playbook',
      ]),
    ).toEqual({
      command: 'dry-run',
      ssh: { host: '192.0.2.1', port: 2222, user: 'root', keyFile: '/k', sudo: true, pin: PIN },
      action: 'firewall-close-port',
      params: { port: 21, webRoot: '/var/www/html' },
      playbook: true,
      json: false,
    });
  });

  it('reads apply, rollback, verify and actions', () => {
    expect(
      parseArgs([
        'apply',
        '--action',
        'a',
        '--host',
        'h',
        '--user',
        'u',
        '--password-env',
        'NG_PW',
        '--execution-id',
        'e-1',
        '--captured-out',
        'c.json',
        '--json',
      ]),
    ).toMatchObject({
      command: 'apply',
      ssh: { host: 'h', port: 22, user: 'u', passwordEnv: 'NG_PW', sudo: false },
      executionId: 'e-1',
      capturedOut: 'c.json',
      json: true,
    });
    expect(parseArgs(['rollback', ...SSH, '--captured', 'c', '--execution-id', 'e'])).toMatchObject(
      { command: 'rollback', captured: 'c', executionId: 'e' },
    );
    expect(
      parseArgs(['verify', '--host', 'h', '--port', '21', '--check', 'ftp-anonymous']),
    ).toEqual({ command: 'verify', host: 'h', port: 21, check: 'ftp-anonymous', json: false });
    expect(parseArgs(['actions', '--check', 'x', '--json'])).toEqual({
      command: 'actions',
      check: 'x',
      json: true,
    });
  });

  it('refuses what it cannot take, saying why', () => {
    const cases: [string[], RegExp][] = [
      [['scan'], /Name the command first/],
      [['actions', '--bogus'], /Unknown option --bogus/],
      [['actions', '--host', 'h'], /actions takes no --host/],
      [['verify', '--host', 'h', '--check', 'c'], /verify needs --port/],
      [['verify', '--host', 'h', '--port', '70000', '--check', 'c'], /--port takes a port/],
      [
        ['dry-run', '--action', 'a', '--host', 'h', '--user', 'u'],
        /one of --key FILE and --password-env/,
      ],
      [['dry-run', '--action', 'a', ...SSH, '--password-env', 'P'], /one of --key/],
      [
        ['dry-run', '--action', 'a', ...SSH.slice(0, 4), '--password-env', 'pa ss'],
        /name of an environment variable/,
      ],
      [['dry-run', '--action', 'a', ...SSH, '--pin', 'MD5:aa'], /--pin takes an OpenSSH SHA256/],
      [['dry-run', '--action', 'a', ...SSH, '--param', 'port'], /--param takes KEY=VALUE/],
      [['dry-run', '--action', 'a', ...SSH, '--param', 'user=x'], /port, webRoot or package/],
      [['dry-run', '--action', 'a', ...SSH, '--param', 'webRoot=www'], /absolute path/],
      [['dry-run', '--action', 'a', ...SSH, '--action', 'b'], /--action is given twice/],
      [['dry-run', '--action', ...SSH], /--action needs a value/],
      [['apply', '--action', 'a', ...SSH, '--captured-out', 'c'], /apply needs --execution-id/],
      [
        ['apply', '--action', 'a', ...SSH, '--captured-out', 'c', '--execution-id', '../x'],
        /--execution-id takes/,
      ],
      [['rollback', ...SSH, '--execution-id', 'e'], /rollback needs --captured/],
    ];
    for (const [argv, message] of cases)
      expect(() => parseArgs(argv), argv.join(' ')).toThrow(
        expect.objectContaining({ name: UsageError.name, message: expect.stringMatching(message) }),
      );
  });
});

describe('runCli usage errors (exit 2, nothing connected)', () => {
  const cli = async (argv: string[], env: Record<string, string> = {}) => {
    let err = '';
    const code = await runCli(argv, { out: () => {}, err: (t) => (err += t), env });
    return { code, err };
  };

  it('names an unknown action, a cloud action, a missing parameter, an unset variable', async () => {
    expect(await cli(['dry-run', '--action', 'nope', ...SSH])).toEqual({
      code: 2,
      err: expect.stringContaining('Unknown action nope'),
    });
    expect(await cli(['dry-run', '--action', 'aws-revoke-open-ingress', ...SSH])).toEqual({
      code: 2,
      err: expect.stringContaining('is a cloud action'),
    });
    expect(await cli(['dry-run', '--action', 'firewall-close-port', ...SSH])).toEqual({
      code: 2,
      err: expect.stringMatching(/names no port.*pass --param/),
    });
    const byPassword = ['--host', 'h', '--user', 'u', '--password-env', 'NG_PW'];
    expect(await cli(['dry-run', '--action', 'vsftpd-disable-anonymous', ...byPassword])).toEqual({
      code: 2,
      err: expect.stringContaining('the environment variable NG_PW is not set'),
    });
    expect(await cli([])).toMatchObject({ code: 2, err: expect.stringContaining('Usage:') });
  });

  it('lists the actions of a check, and exits 1 when none fixes it', async () => {
    let out = '';
    const code = await runCli(['actions', '--check', 'ftp-anonymous', '--json'], {
      out: (t) => (out += t),
      err: () => {},
      env: {},
    });
    expect(code).toBe(0);
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['vsftpd-disable-anonymous']);
    expect((await cli(['actions', '--check', 'no-such-check'])).code).toBe(1);
  });
});
