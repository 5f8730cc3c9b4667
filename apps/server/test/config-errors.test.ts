import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';

type Exit = { code: number; stdout: string; stderr: string };

/** Runs a compiled entry point (as `npm start` and `npm run netguard` do) with `env` only. */
function runEntry(entry: 'main.js' | 'cli.js', args: string[], env: Record<string, string>) {
  const file = fileURLToPath(new URL(`../dist/${entry}`, import.meta.url));
  const { host, tempDir } = testResources();
  return new Promise<Exit>((resolve) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', file, ...args],
      {
        // Should the configuration ever pass, nothing leaves the test's own loopback address.
        env: {
          PATH: process.env.PATH,
          HOST: host(1),
          PORT: '0',
          NETGUARD_OFFLINE: '1',
          NETGUARD_DATA_DIR: tempDir('config-errors'),
          ...env,
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) => resolve({ code: Number(error?.code ?? 0), stdout, stderr }),
    );
  });
}

describe('an invalid configuration', () => {
  it('stops the server with one line per problem and exit code 1, no stack trace', async () => {
    const out = await runEntry('main.js', [], {
      METRICS_TOKEN: 'short',
      TWILIO_FROM_NUMBER: '555-0100',
    });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr.trimEnd().split('\n')).toEqual([
      'Invalid configuration: TWILIO_FROM_NUMBER: must be a phone number in E.164 form, e.g. +14155550123',
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    ]);
  });

  it('stops a command of the command line the same way', async () => {
    const out = await runEntry('cli.js', ['worker'], { STRIPE_SECRET_KEY: 'sk_test_1' });
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(
      'Invalid configuration: Stripe also needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PROFESSIONAL, STRIPE_PRICE_ENTERPRISE, STRIPE_PRODUCT_PROFESSIONAL, STRIPE_PRODUCT_ENTERPRISE\n',
    );
  });
});
