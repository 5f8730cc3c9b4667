// Events for the tests: every optional field, and the characters each format must escape.
import { createSiemEvent, type SiemEvent } from '../event.ts';

const ORG = '6f1c2a7e-0000-4000-8000-00000000a001';

/** A finding with every field set and `|`, `=`, `\`, line breaks and non-ASCII in its texts. */
export const vulnerabilityEvent: SiemEvent = createSiemEvent({
  id: '0b7e3c1a-5d2f-4e8b-9a61-2c3d4e5f6a7b',
  type: 'vulnerability_found',
  time: '2026-11-27T05:00:00.123Z',
  severity: 'critical',
  organizationId: ORG,
  title: 'Open | port = risk \\ here',
  message: 'line1\nline2\r\nback\\slash = eq | pipe é 漢字',
  host: 'web-01.example',
  ip: '192.0.2.10',
  port: 443,
  protocol: 'tcp',
  cve: 'CVE-2024-3094',
  cvss: 9.8,
  category: 'vulnerability',
  outcome: 'failure',
  user: 'alice=admin',
  fields: { scanId: 'scan-1', 'weird key': 'a|b=c', count: 3, ok: true, none: null },
});

/** A threat with an attacker address and a tab in its message. */
export const threatEvent: SiemEvent = createSiemEvent({
  id: '1c8f4d2b-6e3a-4f9c-8b72-3d4e5f6a7b8c',
  type: 'threat_detected',
  time: '2026-11-27T05:01:02.000Z',
  severity: 'high',
  organizationId: ORG,
  title: 'Port scan from 198.51.100.7',
  message: 'probes\ton 1000 ports',
  sourceIp: '198.51.100.7',
  ip: '192.0.2.11',
  protocol: 'udp',
});

/** A sign-in, naming its user by e-mail and account id. */
export const signInEvent: SiemEvent = createSiemEvent({
  id: '5a2d8b6f-0c7e-4d3a-9fb6-6a7b8c9d0e1f',
  type: 'security_event',
  time: '2026-11-27T05:05:00.000Z',
  severity: 'low',
  organizationId: ORG,
  title: 'auth_attempt',
  message: 'alice@example.com signed in from 203.0.113.5',
  category: 'auth_attempt',
  outcome: 'success',
  sourceIp: '203.0.113.5',
  user: 'alice@example.com',
  userId: '7b3e9c0a-1d8f-4e4b-a0c7-7b8c9d0e1f2a',
});

/** The fewest fields an event can have. */
export const scanStartedEvent: SiemEvent = createSiemEvent({
  id: '2d9a5e3c-7f4b-4a0d-9c83-4e5f6a7b8c9d',
  type: 'scan_started',
  time: '2026-11-27T05:02:00.000Z',
  severity: 'info',
  organizationId: ORG,
  title: 'Scan started',
  message: 'Weekly scan of 10.0.0.0/24',
});

/** A message of about `bytes` UTF-8 bytes, mixing ASCII, é (2 bytes) and 漢 (3 bytes). */
export function longEvent(bytes: number): SiemEvent {
  const unit = 'abc=é|漢\\ '; // 3 + 1 + 2 + 1 + 3 + 1 + 1 = 12 bytes
  return createSiemEvent({
    id: '3e0b6f4d-8a5c-4b1e-8d94-5f6a7b8c9d0e',
    type: 'remediation_applied',
    time: '2026-11-27T05:03:00.000Z',
    severity: 'medium',
    organizationId: ORG,
    title: 'Remediation applied',
    message: unit.repeat(Math.ceil(bytes / 12)),
  });
}

/** The n-th of a run of distinct events (ids differ in their last digits), `bytes` of message. */
export function numberedEvent(n: number, bytes = 20): SiemEvent {
  return createSiemEvent({
    id: `4f1c7a5e-9b6d-4c2f-8ea5-${n.toString().padStart(12, '0')}`,
    type: 'scan_completed',
    time: '2026-11-27T05:04:00.000Z',
    severity: 'low',
    organizationId: ORG,
    title: `Scan ${n} completed`,
    message: 'm'.repeat(bytes),
    host: `host-${n}.example`,
  });
}
