import { describe, expect, it } from 'vitest';
import {
  emptySiemForm,
  parseSources,
  siemFormFrom,
  siemFormProblems,
  toCreateBody,
  toFieldErrors,
} from '@/features/siem/siem-form';
import { siemIntegration } from '@/features/siem/siem-test-data';

const splunk = () => {
  const values = emptySiemForm();
  values.name = ' Splunk prod ';
  values.endpoint = 'https://splunk.example.com:8088';
  values.credentials.key = 'hec-token';
  values.credentials.username = 'left over from basic';
  values.options.index = 'main';
  values.options.category = 'not splunk';
  return values;
};

describe('emptySiemForm', () => {
  it('starts from the spec defaults', () => {
    const values = emptySiemForm();
    expect(values.authType).toBe('api_key');
    expect(values.settings).toEqual({
      batchSize: 100,
      retryAttempts: 3,
      timeout: 30,
      enableRealtime: true,
      dataRetention: 90,
      maxAgeHours: 24,
    });
    expect(values.filters.sources).toBe('netguard-scanner');
  });
});

describe('toCreateBody', () => {
  it('sends only the fields the type uses, trimmed, with sources split', () => {
    const values = splunk();
    values.filters.sources = 'netguard-scanner,\n edge ,';
    expect(toCreateBody(values)).toMatchObject({
      name: 'Splunk prod',
      credentials: { key: 'hec-token' },
      options: { index: 'main', ackEnabled: false },
      filters: { sources: ['netguard-scanner', 'edge'] },
    });
  });
});

describe('parseSources', () => {
  it('splits on commas and lines', () => {
    expect(parseSources('a, b\nc')).toEqual(['a', 'b', 'c']);
  });
});

describe('siemFormProblems', () => {
  it('is empty for a usable configuration', () => {
    expect(siemFormProblems(splunk())).toEqual({});
  });

  it("names the field with the contract's message", () => {
    const values = splunk();
    values.credentials.key = '';
    values.endpoint = 'ftp://x';
    values.settings.batchSize = Number.NaN;
    expect(siemFormProblems(values)).toEqual({
      'credentials.key': 'Splunk needs the HEC token as the key',
      endpoint: 'Endpoint must be an http:// or https:// URL',
      'settings.batchSize': 'Batch size must be a number',
    });
  });

  it('lets Configure leave a stored secret empty', () => {
    const stored = siemIntegration();
    const values = siemFormFrom(stored);
    expect(values.credentials.key).toBe('');
    expect(siemFormProblems(values, stored)).toEqual({});
    expect(siemFormProblems(values)).toHaveProperty(['credentials.key']);
  });
});

describe('toFieldErrors', () => {
  it('nests the problems as react-hook-form reads them', () => {
    expect(
      toFieldErrors({
        name: 'Name is required',
        'credentials.key': 'k',
        'credentials.password': 'p',
      }),
    ).toEqual({
      name: { type: 'validate', message: 'Name is required' },
      credentials: {
        key: { type: 'validate', message: 'k' },
        password: { type: 'validate', message: 'p' },
      },
    });
  });
});
