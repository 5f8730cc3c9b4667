// What the SIEM API answers: integrations (credentials masked), their delivery statistics, the
// delivery log with receipts, test results and generated queries.
import { z } from 'zod';
import {
  SIEM_AUTH_TYPES,
  SIEM_DELIVERY_STATES,
  SIEM_EVENT_TYPES,
  SIEM_LOG_LEVELS,
  SIEM_QUERY_USE_CASES,
  SIEM_STATUSES,
  SIEM_TYPES,
  ZSiemFilters,
  ZSiemOptions,
  ZSiemSettings,
} from './siem.ts';

export const ZSiemStats = z.object({
  /** Events waiting to be delivered. */
  backlog: z.number().int(),
  delivered: z.number().int(),
  deadLettered: z.number().int(),
  /** p95 of commit-to-acceptance over the last 1,000 delivered events; null before any. */
  p95LatencyMs: z.number().nullable(),
  lastDeliveredAt: z.string().nullable(),
});
export type TSiemStats = z.infer<typeof ZSiemStats>;

export const ZSiemIntegration = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SIEM_TYPES),
  endpoint: z.string(),
  authType: z.enum(SIEM_AUTH_TYPES),
  /** Masked: secrets (key, password) as "••••••••", ids (username, tenant, client) as stored. */
  credentials: z.object({
    key: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    tenantId: z.string().optional(),
    clientId: z.string().optional(),
  }),
  options: ZSiemOptions,
  settings: ZSiemSettings,
  filters: ZSiemFilters,
  status: z.enum(SIEM_STATUSES),
  lastError: z.string().nullable(),
  lastSync: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: ZSiemStats,
});
export type TSiemIntegration = z.infer<typeof ZSiemIntegration>;

export const ZSiemSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  error: z.number().int(),
  /** Events accepted by a SIEM in the last 24 hours. */
  deliveredLast24h: z.number().int(),
  backlog: z.number().int(),
  deadLettered: z.number().int(),
});
export type TSiemSummary = z.infer<typeof ZSiemSummary>;

export const ZSiemIntegrationList = z.object({
  integrations: z.array(ZSiemIntegration),
  summary: ZSiemSummary,
});
export type TSiemIntegrationList = z.infer<typeof ZSiemIntegrationList>;

/** test-siem-connection: response fields success and message (spec part 2 §7). */
export const ZSiemTestResult = z.object({
  success: z.boolean(),
  message: z.string(),
  latencyMs: z.number(),
});
export type TSiemTestResult = z.infer<typeof ZSiemTestResult>;

/** enable-siem-realtime: response field success. */
export const ZSiemRealtimeResult = z.object({
  success: z.boolean(),
  integration: ZSiemIntegration,
});

export const ZSiemReceipt = z.object({
  status: z.number().int(),
  ackId: z.number().int().optional(),
  result: z.string().optional(),
  note: z.string().optional(),
});
export type TSiemReceipt = z.infer<typeof ZSiemReceipt>;

export const ZSiemDelivery = z.object({
  eventId: z.string(),
  eventType: z.enum(SIEM_EVENT_TYPES),
  title: z.string(),
  severity: z.string(),
  level: z.enum(SIEM_LOG_LEVELS),
  state: z.enum(SIEM_DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  receipt: ZSiemReceipt.nullable(),
  queuedAt: z.string(),
  deliveredAt: z.string().nullable(),
  latencyMs: z.number().nullable(),
});
export type TSiemDelivery = z.infer<typeof ZSiemDelivery>;

export const ZSiemDeliveryList = z.object({ deliveries: z.array(ZSiemDelivery) });
export type TSiemDeliveryList = z.infer<typeof ZSiemDeliveryList>;

export const ZSiemReplayResult = z.object({ replayed: z.number().int() });
export type TSiemReplayResult = z.infer<typeof ZSiemReplayResult>;

export const ZSiemQuery = z.object({
  siemType: z.enum(SIEM_TYPES),
  useCase: z.enum(SIEM_QUERY_USE_CASES),
  /** SPL, ES|QL, AQL, KQL, Sumo query, YARA-L 2.0, ArcSight search. */
  language: z.string(),
  title: z.string(),
  /** A dashboard panel or an alert rule. */
  kind: z.enum(['dashboard', 'alert']),
  query: z.string(),
});
export type TSiemQuery = z.infer<typeof ZSiemQuery>;

export const ZSiemQueryList = z.object({ queries: z.array(ZSiemQuery) });
export type TSiemQueryList = z.infer<typeof ZSiemQueryList>;
