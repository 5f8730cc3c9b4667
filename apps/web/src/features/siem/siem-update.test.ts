import { describe, expect, it } from 'vitest';
import { siemFormFrom } from '@/features/siem/siem-form';
import { siemIntegration } from '@/features/siem/siem-test-data';
import { toUpdateBody } from '@/features/siem/siem-update';

describe('toUpdateBody', () => {
  const stored = siemIntegration({
    options: { index: 'main', ackEnabled: true, authorityHost: 'login.example.com' },
  });

  it('is empty when nothing changed', () => {
    expect(toUpdateBody(siemFormFrom(stored), stored)).toEqual({});
  });

  it('sends only the changed fields; a typed secret replaces the stored one', () => {
    const values = siemFormFrom(stored);
    values.name = 'Splunk DR';
    values.credentials.key = 'new-token';
    values.settings.batchSize = 50;
    values.filters.eventTypes = ['incident'];
    values.filters.logLevels = ['info', 'warning', 'error'];
    expect(toUpdateBody(values, stored)).toEqual({
      name: 'Splunk DR',
      credentials: { key: 'new-token' },
      settings: { batchSize: 50 },
      filters: { eventTypes: ['incident'] },
    });
  });

  it('sends the options whole when one changed, keeping those the form does not edit', () => {
    const values = siemFormFrom(stored);
    values.options.index = '';
    expect(toUpdateBody(values, stored).options).toEqual({
      index: '',
      sourcetype: '',
      ackEnabled: true,
      authorityHost: 'login.example.com',
    });
  });

  it('sends a changed username but never an unchanged one', () => {
    const basic = siemIntegration({
      type: 'elastic',
      authType: 'basic',
      credentials: { username: 'elastic', password: '••••••••' },
      options: {},
    });
    const values = siemFormFrom(basic);
    expect(toUpdateBody(values, basic)).toEqual({});
    values.credentials.username = 'ingest';
    expect(toUpdateBody(values, basic)).toEqual({ credentials: { username: 'ingest' } });
  });
});
