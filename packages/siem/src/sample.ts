// The sample event operators send to check a destination by hand (`netguard siem send-sample`):
// a vulnerability finding with every field a SIEM maps, escaping cases included.
import { createSiemEvent, type SiemEvent } from './event.ts';

/** An organization id that names no organization: the sample belongs to none. */
export const SAMPLE_ORGANIZATION_ID = '00000000-0000-4000-8000-000000000000';

export function sampleSiemEvent(now = new Date()): SiemEvent {
  return createSiemEvent(
    {
      type: 'vulnerability_found',
      severity: 'high',
      organizationId: SAMPLE_ORGANIZATION_ID,
      title: 'NetGuard sample: Redis without authentication',
      message: 'Sample event sent by `netguard siem send-sample`; escaping check: | = \\ é',
      host: 'redis.example.com',
      ip: '192.0.2.10',
      port: 6379,
      protocol: 'tcp',
      cve: 'CVE-2022-0543',
      cvss: 8.1,
      category: 'sample',
      outcome: 'unknown',
      fields: { sample: true },
    },
    now,
  );
}
