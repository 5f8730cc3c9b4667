import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netguard as runCli } from './cli-run.ts';
import { createTestApp, signIn, signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const netguard = (...args: string[]) => runCli(ctx, args);

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

  // Six CLI runs, each a process that opens the database and checks its migrations.
  it('adds, lists and removes deployment operators, with those named in NETGUARD_OPERATORS', {
    timeout: 180_000,
  }, async () => {
    await signUp(ctx, 'ops@example.com');
    expect((await netguard('operators', 'list')).stdout).toContain('No deployment operators yet');
    const added = await netguard('operators', 'add', 'OPS@example.com');
    expect(added).toMatchObject({ code: 0, stdout: 'ops@example.com is a deployment operator\n' });
    const listed = await runCli(ctx, ['operators', 'list'], {
      NETGUARD_OPERATORS: 'env@example.com',
    });
    expect(listed.stdout).toBe('ops@example.com\nenv@example.com\t(NETGUARD_OPERATORS)\n');
    const removed = await netguard('operators', 'remove', 'ops@example.com');
    expect(removed.stdout).toBe('ops@example.com is no longer a deployment operator\n');
    expect((await netguard('operators', 'list')).stdout).toContain('No deployment operators yet');

    const unknown = await netguard('operators', 'add', 'ghost@example.com');
    expect(unknown).toMatchObject({ code: 1, stderr: 'No account with email ghost@example.com\n' });
    expect((await netguard('operators', 'add')).code).toBe(2);
  });
});
