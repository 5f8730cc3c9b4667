import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, type TestContext } from './helpers.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function netguard(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' },
  }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('netguard CLI', () => {
  it('confirms an account by email, so it can sign in', async () => {
    await signUp(ctx, 'cli@example.com');
    expect((await signIn(ctx, 'cli@example.com')).statusCode).toBe(403);
    const confirmed = await netguard('users', 'confirm', 'CLI@example.com');
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain('Confirmed cli@example.com');
    expect((await signIn(ctx, 'cli@example.com')).statusCode).toBe(200);

    const listed = await netguard('users', 'list');
    expect(listed.stdout).toMatch(/cli@example\.com\tconfirmed/);
  });

  it('fails with a message for an unknown email or command', async () => {
    const unknown = await netguard('users', 'confirm', 'ghost@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with email ghost@example.com');
    const bad = await netguard('frobnicate');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: netguard');
  });
});
