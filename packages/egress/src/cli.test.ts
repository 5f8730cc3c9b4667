import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/netguard-egress.js', import.meta.url));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    lookup: async () => [{ address: '169.254.169.254', family: 4 }],
  });
  return { code, out, err };
}

describe('netguard-egress check', () => {
  it('gives the verdict for a tenant and for an operator', async () => {
    expect(await cli('check', '127.0.0.1', '5432')).toMatchObject({
      code: 1,
      out: expect.stringMatching(
        /^refused: refused by the egress policy: 127\.0\.0\.1 port 5432 is this server itself/,
      ),
    });
    expect(await cli('check', '127.0.0.1', '5432', '--operator')).toEqual({
      code: 0,
      out: 'allowed: 127.0.0.1 port 5432\n',
      err: '',
    });
    expect(
      await cli('check', '127.0.0.1', '5432', '--operator', '--own', '127.0.0.1:5432'),
    ).toMatchObject({ code: 0 });
    expect(
      await cli('check', '127.0.0.1', '5432', '--allow', '127.0.0.0/8', '--own', '127.0.0.1:5432'),
    ).toMatchObject({
      code: 1,
      out: expect.stringContaining("this deployment's own service"),
    });
    expect(await cli('check', 'metadata.example', '80', '--operator')).toMatchObject({
      code: 1,
      out: expect.stringContaining(
        'metadata.example resolves to 169.254.169.254 port 80 is never reached',
      ),
    });
  });

  it('refuses bad usage with exit code 2', async () => {
    expect((await cli('check', '127.0.0.1')).code).toBe(2);
    expect((await cli('check', '127.0.0.1', '70000')).code).toBe(2);
    expect(await cli('check', '127.0.0.1', '80', '--allow', 'nope')).toMatchObject({
      code: 2,
      err: expect.stringContaining('EGRESS_ALLOWED_RANGES: "nope"'),
    });
    expect((await cli('probe', '127.0.0.1', '80')).code).toBe(2);
  });

  it('runs as the compiled bin', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'check', '192.0.2.1', '443']);
    expect(stdout).toBe('allowed: 192.0.2.1 port 443\n');
    const refused = await run(process.execPath, [BIN, 'check', '169.254.169.254', '80']).catch(
      (e) => e,
    );
    expect(refused.code).toBe(1);
  });
});
