import { SIEM_TYPES } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import {
  credentialFieldsFor,
  endpointPlaceholder,
  optionFieldsFor,
} from '@/features/siem/siem-fields';

describe('endpointPlaceholder', () => {
  it('uses the scheme each type speaks and only documentation names', () => {
    expect(endpointPlaceholder('splunk')).toBe('https://splunk.example.com:8088');
    expect(endpointPlaceholder('qradar')).toBe('tcp://qradar.example.com:514');
    for (const type of SIEM_TYPES)
      expect(new URL(endpointPlaceholder(type)).hostname).toMatch(/example\.com$/);
  });
});

describe('credentialFieldsFor', () => {
  it('asks basic auth for username and password, Sentinel for its tenant and client', () => {
    expect(credentialFieldsFor('elastic', 'basic')).toEqual(['username', 'password', 'key']);
    expect(credentialFieldsFor('sentinel', 'oauth')).toEqual(['tenantId', 'clientId', 'key']);
    expect(credentialFieldsFor('splunk', 'api_key')).toEqual(['key']);
  });
});

describe('optionFieldsFor', () => {
  it('gives each type its own options and syslog a CA only over TLS', () => {
    expect(optionFieldsFor('splunk', '')).toEqual(['index', 'sourcetype', 'ackEnabled']);
    expect(optionFieldsFor('sumo_logic', '')).toEqual(['category']);
    expect(optionFieldsFor('chronicle', '')).toEqual(['customerId']);
    expect(optionFieldsFor('qradar', 'tcp://qradar.example.com:514')).toEqual([]);
    expect(optionFieldsFor('arcsight', 'tls://arcsight.example.com:6514')).toEqual(['caPem']);
  });
});
