import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './cli-args.ts';
import { CREDENTIALS_FROM_ENV, MissingCredentials } from './env.ts';

describe('parseArgs', () => {
  it('reads repeated and comma-separated regions and checks, the output and the endpoint', () => {
    expect(
      parseArgs([
        'aws',
        '--region',
        'us-east-1,eu-west-1',
        '--region',
        'ap-south-1',
        '--checks',
        'a,b',
        '-o',
        'sarif',
        '--endpoint',
        'http://127.0.0.1:5000',
      ]),
    ).toEqual({
      provider: 'aws',
      regions: ['us-east-1', 'eu-west-1', 'ap-south-1'],
      checks: ['a', 'b'],
      output: 'sarif',
      endpoint: 'http://127.0.0.1:5000',
      listChecks: false,
    });
  });

  it('refuses an unknown provider, option, output, endpoint or a missing value', () => {
    for (const argv of [
      ['oracle'],
      ['aws', '--bogus', 'x'],
      ['aws', '-o', 'xml'],
      ['aws', '--endpoint', 'ftp://x'],
      ['aws', '--region'],
    ])
      expect(() => parseArgs(argv), argv.join(' ')).toThrow(UsageError);
  });
});

describe('credentials from the environment', () => {
  it('aws: keys, session token and region (AWS_REGION, then AWS_DEFAULT_REGION, then us-east-1)', () => {
    const keys = { AWS_ACCESS_KEY_ID: 'AKIA', AWS_SECRET_ACCESS_KEY: 'secret' };
    expect(
      CREDENTIALS_FROM_ENV.aws(
        { ...keys, AWS_DEFAULT_REGION: 'eu-west-1', AWS_SESSION_TOKEN: 't' },
        'http://127.0.0.1:1',
      ),
    ).toEqual({
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      sessionToken: 't',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:1',
    });
    expect(CREDENTIALS_FROM_ENV.aws(keys).region).toBe('us-east-1');
    expect(() => CREDENTIALS_FROM_ENV.aws({ AWS_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      MissingCredentials,
    );
  });

  it("gcp: the key file's text, and its project unless GOOGLE_CLOUD_PROJECT names one", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'netguard-cloud-')), 'key.json');
    writeFileSync(file, JSON.stringify({ project_id: 'from-key' }));
    expect(CREDENTIALS_FROM_ENV.gcp({ GOOGLE_APPLICATION_CREDENTIALS: file }).projectId).toBe(
      'from-key',
    );
    expect(
      CREDENTIALS_FROM_ENV.gcp({
        GOOGLE_APPLICATION_CREDENTIALS: file,
        GOOGLE_CLOUD_PROJECT: 'named',
      }).projectId,
    ).toBe('named');
  });

  it('azure: all four variables are required', () => {
    expect(() => CREDENTIALS_FROM_ENV.azure({ AZURE_TENANT_ID: 't' })).toThrow(
      'azure: set AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, AZURE_SUBSCRIPTION_ID in the environment',
    );
  });
});
