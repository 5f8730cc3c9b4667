import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../event.ts';
import {
  scanStartedEvent,
  signInEvent,
  threatEvent,
  vulnerabilityEvent,
} from '../testing/events.ts';
import { ECS_CATEGORIZATION, ecsDocument, formatEcsBulk } from './ecs.ts';

describe('Elastic _bulk with ECS documents', () => {
  it('writes a create action with _id = event id, then the document, each on its own line', () => {
    expect(formatEcsBulk([scanStartedEvent], { index: 'netguard-events' })).toBe(
      '{"create":{"_index":"netguard-events","_id":"2d9a5e3c-7f4b-4a0d-9c83-4e5f6a7b8c9d"}}\n' +
        '{"@timestamp":"2026-11-27T05:02:00.000Z","ecs":{"version":"8.11.0"},' +
        '"message":"Weekly scan of 10.0.0.0/24","event":{"id":"2d9a5e3c-7f4b-4a0d-9c83-4e5f6a7b8c9d",' +
        '"kind":"event","category":["network"],"type":["start"],"action":"scan_started","severity":0,' +
        '"provider":"netguard-scanner","dataset":"netguard.scan_started"},"log":{"level":"info"},' +
        '"organization":{"id":"6f1c2a7e-0000-4000-8000-00000000a001"},"rule":{"name":"Scan started"}}\n',
    );
    expect(formatEcsBulk([scanStartedEvent])).toMatch(/^\{"create":\{"_id":"2d9a5e3c-/);
  });

  it('maps a finding onto vulnerability.*, host.* and destination.*', () => {
    expect(ecsDocument(vulnerabilityEvent)).toEqual({
      '@timestamp': '2026-11-27T05:00:00.123Z',
      ecs: { version: '8.11.0' },
      message: 'line1\nline2\r\nback\\slash = eq | pipe é 漢字',
      event: {
        id: vulnerabilityEvent.id,
        kind: 'state',
        category: ['vulnerability'],
        type: ['info'],
        action: 'vulnerability_found',
        outcome: 'failure',
        severity: 10,
        provider: 'netguard-scanner',
        dataset: 'netguard.vulnerability_found',
      },
      log: { level: 'error' },
      organization: { id: vulnerabilityEvent.organizationId },
      rule: { name: 'Open | port = risk \\ here' },
      vulnerability: {
        id: 'CVE-2024-3094',
        enumeration: 'CVE',
        severity: 'critical',
        score: { base: 9.8 },
        category: ['vulnerability'],
        description: 'Open | port = risk \\ here',
        scanner: { vendor: 'NetGuard' },
      },
      host: { name: 'web-01.example', ip: ['192.0.2.10'] },
      destination: { ip: '192.0.2.10', domain: 'web-01.example', port: 443 },
      network: { transport: 'tcp' },
      user: { name: 'alice=admin' },
      netguard: {
        fields: { scanId: 'scan-1', 'weird key': 'a|b=c', count: 3, ok: true, none: null },
      },
    });
  });

  it('makes a threat an alert with its source address and no vulnerability', () => {
    const doc = ecsDocument(threatEvent);
    expect(doc).toMatchObject({
      event: { kind: 'alert', category: ['intrusion_detection'], severity: 8 },
      source: { ip: '198.51.100.7' },
      destination: { ip: '192.0.2.11' },
      network: { transport: 'udp' },
    });
    expect(doc).not.toHaveProperty('vulnerability');
    expect(doc).not.toHaveProperty('user');
  });

  it('names the user by e-mail and account id; an id alone is no e-mail', () => {
    expect(ecsDocument(signInEvent).user).toEqual({
      name: 'alice@example.com',
      email: 'alice@example.com',
      id: '7b3e9c0a-1d8f-4e4b-a0c7-7b8c9d0e1f2a',
    });
    expect(ecsDocument({ ...signInEvent, user: signInEvent.userId }).user).not.toHaveProperty(
      'email',
    );
  });

  it('categorizes every event type with ECS allowed values', () => {
    const allowed: Record<string, string[]> = {
      vulnerability: ['info'],
      configuration: ['access', 'change', 'creation', 'deletion', 'info'],
      network: ['access', 'allowed', 'connection', 'denied', 'end', 'info', 'protocol', 'start'],
      intrusion_detection: ['allowed', 'denied', 'info'],
      threat: ['indicator'],
    };
    for (const type of EVENT_TYPES) {
      const { category, type: ecsType } = ECS_CATEGORIZATION[type];
      expect(allowed[category], `${type}: ${category}`).toContain(ecsType);
    }
  });
});
