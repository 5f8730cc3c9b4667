import { createSiemEvent } from '@netguard/siem';
import { describe, expect, it } from 'vitest';
import {
  cloudFindingToSiem,
  incidentOpenedToSiem,
  remediationAppliedToSiem,
  type SecurityEventRow,
  scanCompletedToSiem,
  scanStartedToSiem,
  securityEventsToSiem,
  securityOutcome,
  type VulnerabilityRowLike,
  vulnerabilityFoundToSiem,
} from './siem.events.ts';

const ORG = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const at = new Date('2025-01-02T03:04:05.678Z');

const event = (over: Partial<SecurityEventRow> = {}): SecurityEventRow => ({
  id: '33333333-3333-4333-8333-333333333333',
  organizationId: ORG,
  userId: USER,
  eventType: 'auth_attempt',
  severity: 'medium',
  description: 'Sign-in failed: invalid_password',
  metadata: { outcome: 'invalid_password', email: 'a@example.com', nested: { x: 1 } },
  ipAddress: '203.0.113.7',
  userAgent: 'curl/8',
  createdAt: at,
  ...over,
});

const vuln: VulnerabilityRowLike = {
  id: '44444444-4444-4444-8444-444444444444',
  organizationId: ORG,
  title: 'Missing HTTP security headers',
  severity: 'low',
  host: '127.0.0.1',
  port: 8080,
  protocol: 'tcp',
  cveId: 'CVE-2024-0001',
  cvssScore: 5.3,
  riskScore: 40,
  vulnerabilityType: 'misconfiguration',
  checkId: 'http_headers',
  scanId: '55555555-5555-4555-8555-555555555555',
  service: 'http',
};

/** Every mapped event passes the package's checks. */
const valid = (inputs: Parameters<typeof createSiemEvent>[0][]) =>
  inputs.map((input) => createSiemEvent(input, at));

describe('securityEventsToSiem', () => {
  it('maps a failed sign-in: severity, title, message, user, source IP, category, outcome', () => {
    const [mapped] = valid(securityEventsToSiem([event()]));
    expect(mapped).toMatchObject({
      type: 'security_event',
      severity: 'medium',
      level: 'warning',
      organizationId: ORG,
      time: at.toISOString(),
      title: 'auth_attempt',
      message: 'Wrong password for a@example.com from 203.0.113.7',
      category: 'auth_attempt',
      outcome: 'failure',
      user: 'a@example.com',
      userId: USER,
      sourceIp: '203.0.113.7',
      fields: {
        securityEventId: '33333333-3333-4333-8333-333333333333',
        outcome: 'invalid_password',
        email: 'a@example.com',
        userAgent: 'curl/8',
      },
    });
    // Only scalars of the metadata are forwarded as fields.
    expect(mapped?.fields).not.toHaveProperty('nested');
  });

  it('names a user the metadata has no e-mail of by the e-mail of its id', () => {
    const [mapped] = securityEventsToSiem(
      [event({ severity: 'low', metadata: { outcome: 'success', reauthentication: true } })],
      new Map([[USER, 'b@example.com']]),
    );
    expect(mapped).toMatchObject({
      user: 'b@example.com',
      userId: USER,
      message: 'b@example.com re-authenticated from 203.0.113.7',
    });
  });

  it('skips events without an organization, and drops a request IP that is not an address', () => {
    const mapped = securityEventsToSiem([
      event({ organizationId: null }),
      event({ ipAddress: 'unknown', severity: 'critical' }),
    ]);
    expect(mapped).toHaveLength(1);
    expect(mapped[0]).not.toHaveProperty('sourceIp');
    expect(mapped[0]?.severity).toBe('critical');
  });

  it('tells failures from successes', () => {
    const outcome = (over: Partial<SecurityEventRow>) => securityOutcome(event(over));
    expect(outcome({ eventType: 'auth_attempt', severity: 'low', metadata: {} })).toBe('success');
    expect(outcome({ eventType: 'auth_attempt', severity: 'high', metadata: {} })).toBe('failure');
    expect(outcome({ eventType: 'data_access', metadata: { granted: false } })).toBe('failure');
    expect(outcome({ eventType: 'data_access', metadata: { granted: true } })).toBe('success');
    expect(outcome({ eventType: 'security_violation', metadata: {} })).toBe('failure');
    expect(
      outcome({ eventType: 'suspicious_activity', metadata: { outcome: 'sso_refused' } }),
    ).toBe('failure');
    expect(outcome({ eventType: 'privilege_escalation', metadata: { role: 'admin' } })).toBe(
      'unknown',
    );
  });
});

describe('incidentOpenedToSiem', () => {
  it('gives an incident and a threat_detected event with the incident severity and title', () => {
    const mapped = valid(
      incidentOpenedToSiem(
        {
          id: '66666666-6666-4666-8666-666666666666',
          organizationId: ORG,
          title: 'More than 20 failed sign-in attempts',
          severity: 'high',
          rule: 'failed_auth',
          subject: USER,
          createdAt: at,
        },
        { events: 21, sourceIp: '198.51.100.1' },
      ),
    );
    expect(mapped.map((e) => e.type)).toEqual(['incident', 'threat_detected']);
    for (const e of mapped)
      expect(e).toMatchObject({
        severity: 'high',
        title: 'More than 20 failed sign-in attempts',
        sourceIp: '198.51.100.1',
        fields: {
          incidentId: '66666666-6666-4666-8666-666666666666',
          rule: 'failed_auth',
          events: 21,
        },
      });
  });
});

describe('scans', () => {
  const scan = {
    id: '77777777-7777-4777-8777-777777777777',
    organizationId: ORG,
    userId: USER,
    scanName: 'Loopback',
    scanType: 'network',
    targetHosts: ['127.0.0.1'],
  };

  it('scan_started and scan_completed are info, with the scan id and the counts', () => {
    const [started, completed] = valid([
      scanStartedToSiem(scan),
      scanCompletedToSiem(scan, {
        hosts: 1,
        openPorts: 3,
        findings: { total: 2, critical: 0, high: 1, medium: 0, low: 1, info: 0 },
      }),
    ]);
    expect(started).toMatchObject({
      type: 'scan_started',
      severity: 'info',
      fields: { scanId: scan.id },
    });
    expect(completed).toMatchObject({
      type: 'scan_completed',
      severity: 'info',
      level: 'info',
      fields: { scanId: scan.id, hosts: 1, openPorts: 3, findings: 2, high: 1, low: 1 },
    });
  });
});

describe('vulnerabilities', () => {
  it('vulnerability_found carries host, ip, port, protocol, cve, cvss and risk', () => {
    const [found] = valid([vulnerabilityFoundToSiem(vuln)]);
    expect(found).toMatchObject({
      type: 'vulnerability_found',
      severity: 'low',
      title: 'Missing HTTP security headers',
      host: '127.0.0.1',
      ip: '127.0.0.1',
      port: 8080,
      protocol: 'tcp',
      cve: 'CVE-2024-0001',
      cvss: 5.3,
      fields: { vulnerabilityId: vuln.id, riskScore: 40, scanId: vuln.scanId },
    });
  });

  it('a host name is no ip, and a port-less finding has no protocol', () => {
    const [found] = valid([
      vulnerabilityFoundToSiem({ ...vuln, host: 'example.test', port: null, cvssScore: null }),
    ]);
    expect(found).not.toHaveProperty('ip');
    expect(found).not.toHaveProperty('port');
    expect(found).not.toHaveProperty('protocol');
    expect(found).not.toHaveProperty('cvss');
  });

  it('a cloud finding with framework ids is also a compliance_violation', () => {
    const base = {
      vulnerability: {
        ...vuln,
        host: 'arn:aws:s3:::logs',
        port: null,
        cveId: null,
        cvssScore: null,
        severity: 'critical' as const,
        title: 'S3 bucket is public',
        vulnerabilityType: 'cloud_misconfiguration',
        scanId: null,
      },
      provider: 'aws',
      account: '123456789012',
      region: 'us-east-1',
      resourceId: 'arn:aws:s3:::logs',
      resourceType: 's3_bucket',
      checkId: 'aws_s3_bucket_policy_public',
      cloudScanId: '88888888-8888-4888-8888-888888888888',
    };
    const mapped = valid(
      cloudFindingToSiem({
        ...base,
        frameworks: { soc2: ['CC6.1'], iso27001: [], hipaa: ['164.312'] },
      }),
    );
    expect(mapped.map((e) => e.type)).toEqual(['vulnerability_found', 'compliance_violation']);
    expect(mapped[1]).toMatchObject({
      severity: 'critical',
      outcome: 'failure',
      fields: {
        frameworks: 'soc2,hipaa',
        'framework.soc2': 'CC6.1',
        'framework.hipaa': '164.312',
        checkId: 'aws_s3_bucket_policy_public',
        resource: 'arn:aws:s3:::logs',
      },
    });
    const none = cloudFindingToSiem({ ...base, frameworks: { soc2: [], iso27001: [] } });
    expect(none.map((e) => e.type)).toEqual(['vulnerability_found']);
  });

  it('remediation_applied has the severity of its vulnerability', () => {
    const [applied] = valid([
      remediationAppliedToSiem(
        {
          id: '99999999-9999-4999-8999-999999999999',
          organizationId: ORG,
          vulnerabilityId: vuln.id,
          title: 'Add the headers',
          actionType: 'configuration',
        },
        { ...vuln, severity: 'high' },
        USER,
      ),
    ]);
    expect(applied).toMatchObject({
      type: 'remediation_applied',
      severity: 'high',
      outcome: 'success',
      userId: USER,
      fields: { actionId: '99999999-9999-4999-8999-999999999999', vulnerabilityId: vuln.id },
    });
  });
});
