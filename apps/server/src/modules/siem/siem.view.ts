import type {
  TSiemCredentials,
  TSiemDelivery,
  TSiemEventType,
  TSiemIntegration,
  TSiemLogLevel,
  TSiemReceipt,
  TSiemStats,
} from '@netguard/contracts';
import type { IntegrationRow } from './siem.config.ts';
import type { DeliveryRow } from './siem.repo.ts';

export const MASK = '••••••••';
/** Credential fields that are identifiers (shown) rather than secrets (masked). */
const IDENTIFIERS = ['username', 'tenantId', 'clientId'] as const;

/** What a response may show of credentials: identifiers as given, every secret as the mask. */
export function publicCredentials(credentials: TSiemCredentials): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [field, value] of Object.entries(credentials)) {
    if (value === undefined || value === '') continue;
    shown[field] = (IDENTIFIERS as readonly string[]).includes(field) ? value : MASK;
  }
  return shown;
}

const EMPTY_STATS: TSiemStats = {
  backlog: 0,
  delivered: 0,
  deadLettered: 0,
  p95LatencyMs: null,
  lastDeliveredAt: null,
};

export function toIntegration(row: IntegrationRow, stats?: TSiemStats): TSiemIntegration {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    endpoint: row.endpoint,
    authType: row.authType,
    credentials: row.publicCredentials,
    options: row.options,
    settings: row.settings,
    filters: row.filters,
    status: row.status,
    lastError: row.lastError,
    lastSync: row.lastSync?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    stats: stats ?? EMPTY_STATS,
  };
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function toDelivery(row: DeliveryRow): TSiemDelivery {
  const queuedAt = iso(row.queued_at) as string;
  const deliveredAt = iso(row.delivered_at);
  return {
    eventId: row.event_id,
    eventType: row.event.type as TSiemEventType,
    title: row.event.title,
    severity: row.event.severity,
    level: row.event.level as TSiemLogLevel,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    receipt: (row.receipt as TSiemReceipt | null) ?? null,
    queuedAt,
    deliveredAt,
    latencyMs: deliveredAt ? Date.parse(deliveredAt) - Date.parse(queuedAt) : null,
  };
}
