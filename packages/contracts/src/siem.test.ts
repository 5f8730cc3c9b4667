import { describe, expect, it } from 'vitest';
import {
  parseSyslogEndpoint,
  SIEM_DEFAULTS,
  ZSiemExportQuery,
  ZSiemIntegrationCreate,
} from './siem.ts';

const issues = (input: unknown) => {
  const r = ZSiemIntegrationCreate.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('SIEM integration contract', () => {
  it('fills the spec defaults on create', () => {
    const config = ZSiemIntegrationCreate.parse({
      name: 'Splunk prod',
      type: 'splunk',
      endpoint: 'https://splunk.example:8088',
      credentials: { key: 'abc' },
    });
    expect(config.authType).toBe('api_key');
    expect(config.settings).toEqual({
      batchSize: 100,
      retryAttempts: 3,
      timeout: 30,
      enableRealtime: true,
      dataRetention: 90,
      maxAgeHours: SIEM_DEFAULTS.maxAgeHours,
    });
    expect(config.filters).toEqual({
      logLevels: ['error', 'warning', 'info'],
      eventTypes: ['vulnerability_found', 'scan_completed', 'threat_detected'],
      sources: ['netguard-scanner'],
    });
  });

  it('says what each type is missing', () => {
    expect(issues({ name: 'x', type: 'splunk', endpoint: 'https://h:8088' })).toEqual([
      'credentials.key: Splunk needs the HEC token as the key',
    ]);
    expect(issues({ name: 'x', type: 'qradar', endpoint: 'https://h' })).toEqual([
      'endpoint: IBM QRadar receives syslog: the endpoint must be tcp://, udp:// or tls:// host:port',
    ]);
    expect(
      issues({ name: 'x', type: 'elastic', endpoint: 'https://h', authType: 'basic' }),
    ).toHaveLength(2);
    expect(issues({ name: 'x', type: 'sentinel', endpoint: 'https://dce' })).toHaveLength(5);
    expect(
      issues({
        name: 'x',
        type: 'chronicle',
        endpoint: 'https://h',
        credentials: { key: 'not json' },
        options: { customerId: 'c' },
      }),
    ).toEqual([
      'credentials.key: Google SecOps needs the service account key file (JSON with client_email, private_key and token_uri) as the key',
    ]);
    expect(issues({ name: 'x', type: 'arcsight', endpoint: 'tls://127.0.0.1:6514' })).toEqual([]);
  });

  it('refuses unknown fields, bad settings and NUL characters with a message', () => {
    expect(
      issues({ name: 'x', type: 'splunk', endpoint: 'https://h', credentials: { key: 'k' }, x: 1 }),
    ).toEqual([': Unrecognized key: "x"']);
    expect(
      issues({
        name: 'x',
        type: 'splunk',
        endpoint: 'https://h',
        credentials: { key: 'k' },
        settings: { batchSize: 0 },
      }),
    ).toEqual(['settings.batchSize: Batch size must be at least 1']);
    expect(issues({ name: 'a\u0000', type: 'splunk', endpoint: 'x' })[0]).toContain('NUL');
  });

  it('parses syslog endpoints', () => {
    expect(parseSyslogEndpoint('tcp://127.0.0.20:514')).toEqual({
      protocol: 'tcp',
      host: '127.0.0.20',
      port: 514,
    });
    expect(parseSyslogEndpoint('udp://[::1]:514')?.host).toBe('::1');
    expect(parseSyslogEndpoint('tcp://h:70000')).toBeNull();
    expect(parseSyslogEndpoint('http://h:514')).toBeNull();
  });

  it('checks the export time range', () => {
    expect(
      ZSiemExportQuery.safeParse({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' })
        .success,
    ).toBe(false);
    expect(
      ZSiemExportQuery.parse({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }).format,
    ).toBe('jsonl');
  });
});
