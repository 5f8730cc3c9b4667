import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      mailFrom: 'NetGuard <no-reply@localhost>',
      logLevel: 'info',
      authRateLimit: 30,
      pgPort: 54329,
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('follows PORT in the default public URL and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://ng.example.com/' }).publicUrl).toBe(
      'https://ng.example.com',
    );
  });

  it('rejects bad values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NETGUARD_SECRET_KEY: 'short' })).toThrow(/NETGUARD_SECRET_KEY/);
  });

  it('reads the live capture settings: on by default, every interface, tcpdump from PATH', () => {
    expect(loadConfig({}).packetCapture).toEqual({
      enabled: true,
      interfaces: null,
      tcpdumpPath: 'tcpdump',
    });
    expect(
      loadConfig({
        PACKET_CAPTURE: 'off',
        PACKET_CAPTURE_INTERFACES: ' lo, eth0 ,',
        TCPDUMP_PATH: '/usr/sbin/tcpdump',
      }).packetCapture,
    ).toEqual({ enabled: false, interfaces: ['lo', 'eth0'], tcpdumpPath: '/usr/sbin/tcpdump' });
    expect(() => loadConfig({ PACKET_CAPTURE: 'maybe' })).toThrow(/PACKET_CAPTURE/);
    expect(() => loadConfig({ PACKET_CAPTURE_INTERFACES: 'lo;rm -rf' })).toThrow(
      /PACKET_CAPTURE_INTERFACES/,
    );
  });

  it('reads the deployment operators as lowercased emails, none by default', () => {
    expect(loadConfig({}).operators).toEqual([]);
    expect(
      loadConfig({ NETGUARD_OPERATORS: ' Ops@Example.com, b@example.org,' }).operators,
    ).toEqual(['ops@example.com', 'b@example.org']);
    expect(() => loadConfig({ NETGUARD_OPERATORS: 'ops@example.com,root' })).toThrow(
      /NETGUARD_OPERATORS/,
    );
  });

  it('turns the risk narrative on only with a base URL and a model', () => {
    expect(loadConfig({}).llm).toBeUndefined();
    expect(
      loadConfig({
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
        LLM_MODEL: 'llama3',
        LLM_API_KEY: 'k',
      }).llm,
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', apiKey: 'k' });
    expect(() => loadConfig({ LLM_MODEL: 'llama3' })).toThrow(
      /LLM_BASE_URL and LLM_MODEL go together/,
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url', LLM_MODEL: 'x' })).toThrow(/LLM_BASE_URL/);
  });

  it('keeps capture files on local disk unless STORAGE_URL names an S3 bucket', () => {
    expect(loadConfig({}).storage).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://netguard-captures' }).storage).toEqual({
      bucket: 'netguard-captures',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://ng.example/prod//eu/',
        STORAGE_ENDPOINT: 'http://127.0.0.1:9000/',
        STORAGE_REGION: 'eu-west-3',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      bucket: 'ng.example',
      prefix: 'prod/eu/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
        sessionToken: undefined,
      },
    });
  });

  it('refuses a storage URL, endpoint or key pair it cannot use, saying which', () => {
    expect(() => loadConfig({ STORAGE_URL: '/mnt/captures' })).toThrow(
      /STORAGE_URL must be s3:\/\/bucket or s3:\/\/bucket\/prefix \(only s3:\/\/ is supported\)/,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://' })).toThrow(/"" is not an S3 bucket name/);
    expect(() => loadConfig({ STORAGE_URL: 's3://My_Bucket/x' })).toThrow(
      /"My_Bucket" is not an S3 bucket name/,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket/a/../b' })).toThrow(/"\.\." segment/);
    expect(() => loadConfig({ STORAGE_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /STORAGE_ENDPOINT needs STORAGE_URL/,
    );
    expect(() =>
      loadConfig({ STORAGE_URL: 's3://bucket', STORAGE_ENDPOINT: 'ftp://127.0.0.1' }),
    ).toThrow(/STORAGE_ENDPOINT: must be an http or https URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'AKID' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/,
    );
  });

  it('reads the password hashing cost, with the production default', () => {
    expect(loadConfig({}).passwordCost).toEqual({ memoryKib: 65_536, timeCost: 3, parallelism: 1 });
    expect(loadConfig({ PASSWORD_HASH_TIME_COST: '1' }).passwordCost.timeCost).toBe(1);
    expect(() =>
      loadConfig({ PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PARALLELISM: '2' }),
    ).toThrow(/at least 8 per lane/);
    expect(() => loadConfig({ PASSWORD_HASH_TIME_COST: '0' })).toThrow(/PASSWORD_HASH_TIME_COST/);
  });

  it('is documented in docs/configuration.md, variable by variable', () => {
    const doc = fs.readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    for (const [name, defaultValue] of CONFIG_VARS) {
      expect(doc).toMatch(new RegExp(`\\|\\s*\`${name}\`\\s*\\|`));
      expect(doc).toContain(defaultValue);
    }
  });
});
