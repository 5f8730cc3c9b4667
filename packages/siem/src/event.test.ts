import { describe, expect, it } from 'vitest';
import {
  createSiemEvent,
  DEFAULT_SOURCE,
  EVENT_TYPES,
  InvalidSiemEvent,
  SEVERITY_SCALE,
  SIEM_TYPES,
  type SiemEventInput,
} from './event.ts';

const base: SiemEventInput = {
  type: 'vulnerability_found',
  severity: 'high',
  organizationId: 'org-1',
  title: 'Telnet open',
  message: 'Port 23 accepts connections',
};

describe('createSiemEvent', () => {
  it('fills id, time, level and source', () => {
    const now = new Date('2026-11-27T05:00:00.000Z');
    const event = createSiemEvent(base, now);
    expect(event.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(event).toMatchObject({
      time: '2026-11-27T05:00:00.000Z',
      level: 'error',
      source: 'netguard-scanner',
      fields: {},
    });
    expect(createSiemEvent(base).id).not.toBe(event.id);
    expect(DEFAULT_SOURCE).toBe('netguard-scanner');
  });

  it('keeps a given id, so that a retried event has the same one', () => {
    const id = '0b7e3c1a-5d2f-4e8b-9a61-2c3d4e5f6a7b';
    expect(createSiemEvent({ ...base, id }).id).toBe(id);
  });

  it.each([
    [{ type: 'scan_paused' }, 'type "scan_paused" is not one of'],
    [{ severity: 'severe' }, 'severity "severe" is not one of'],
    [{ level: 'debug' }, 'level "debug" is not one of'],
    [{ time: '27/11/2026' }, 'time "27/11/2026" is not an ISO 8601 UTC timestamp'],
    [{ id: 'abc' }, 'id "abc" is not a UUID'],
    [{ title: ' ' }, 'title is empty'],
    [{ port: 70000 }, 'port 70000 is not 0–65535'],
    [{ cvss: 11 }, 'cvss 11 is not 0–10'],
    [{ ip: 'web-01' }, 'ip "web-01" is not an IP address'],
    [{ sourceIp: '300.1.1.1' }, 'sourceIp "300.1.1.1" is not an IP address'],
  ])('refuses %j', (change, message) => {
    expect(() => createSiemEvent({ ...base, ...change } as SiemEventInput)).toThrow(
      InvalidSiemEvent,
    );
    expect(() => createSiemEvent({ ...base, ...change } as SiemEventInput)).toThrow(message);
  });

  it('derives the level from the severity: error, warning, info', () => {
    const levels = (['critical', 'high', 'medium', 'low', 'info'] as const).map(
      (severity) => createSiemEvent({ ...base, severity }).level,
    );
    expect(levels).toEqual(['error', 'error', 'warning', 'info', 'info']);
  });
});

describe('names from the spec', () => {
  it('lists the seven SIEM types and the six event types, plus two of ours', () => {
    expect(SIEM_TYPES).toEqual([
      'splunk',
      'elastic',
      'qradar',
      'sentinel',
      'sumo_logic',
      'chronicle',
      'arcsight',
    ]);
    expect(EVENT_TYPES).toEqual([
      'vulnerability_found',
      'remediation_applied',
      'compliance_violation',
      'scan_started',
      'scan_completed',
      'threat_detected',
      'security_event',
      'incident',
    ]);
  });

  it('orders every scale with the severity', () => {
    const order = ['info', 'low', 'medium', 'high', 'critical'] as const;
    for (const scale of ['cef', 'leef'] as const) {
      const values = order.map((s) => SEVERITY_SCALE[s][scale]);
      expect([...values].sort((a, b) => a - b)).toEqual(values);
      expect(new Set(values).size).toBe(values.length);
    }
    const syslog = order.map((s) => SEVERITY_SCALE[s].syslog);
    expect(syslog).toEqual([6, 5, 4, 3, 2]);
  });
});
