import { type TSiemIntegration, ZSiemSettings } from '@netguard/contracts';

/** Builds an integration as the API answers it, for the feature's unit tests. */
export const siemIntegration = (overrides: Partial<TSiemIntegration> = {}): TSiemIntegration => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Splunk production',
  type: 'splunk',
  endpoint: 'https://splunk.example.com:8088',
  authType: 'api_key',
  credentials: { key: '••••••••' },
  options: { index: 'main', ackEnabled: true },
  settings: ZSiemSettings.parse({}),
  filters: {
    logLevels: ['error', 'warning', 'info'],
    eventTypes: ['vulnerability_found', 'scan_completed', 'threat_detected'],
    sources: ['netguard-scanner'],
  },
  status: 'active',
  lastError: null,
  lastSync: '2026-11-26T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  stats: { backlog: 0, delivered: 10, deadLettered: 0, p95LatencyMs: 120, lastDeliveredAt: null },
  ...overrides,
});
