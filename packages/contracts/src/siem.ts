import { z } from 'zod';
import { textField } from './text-field.ts';

/** The SIEM products the integrations page offers (spec part 2: "A list of SIEM types"). */
export const SIEM_TYPES = [
  'splunk',
  'elastic',
  'qradar',
  'sentinel',
  'sumo_logic',
  'chronicle',
  'arcsight',
] as const;
export type TSiemType = (typeof SIEM_TYPES)[number];

export const SIEM_TYPE_LABELS: Record<TSiemType, string> = {
  splunk: 'Splunk',
  elastic: 'Elastic',
  qradar: 'IBM QRadar',
  sentinel: 'Microsoft Sentinel',
  sumo_logic: 'Sumo Logic',
  chronicle: 'Google SecOps (Chronicle)',
  arcsight: 'ArcSight',
};

/** What each type speaks, for the form's hints and the delivery log. */
export const SIEM_TYPE_PROTOCOLS: Record<TSiemType, string> = {
  splunk: 'HTTP Event Collector',
  elastic: 'Elasticsearch _bulk (ECS)',
  qradar: 'LEEF 2.0 over syslog',
  sentinel: 'Logs Ingestion API',
  sumo_logic: 'HTTP source (gzip)',
  chronicle: 'UDM ingestion API',
  arcsight: 'CEF over syslog',
};

/** Types that speak syslog: their endpoint is tcp://, udp:// or tls:// host:port. */
export const SIEM_SYSLOG_TYPES: readonly TSiemType[] = ['qradar', 'arcsight'];

/** spec part 2 §5: authType choices, api_key the default. */
export const SIEM_AUTH_TYPES = ['api_key', 'oauth', 'basic', 'token'] as const;
export type TSiemAuthType = (typeof SIEM_AUTH_TYPES)[number];

/** The event types the spec lists for forwarding (part 2 §9). */
export const SIEM_SPEC_EVENT_TYPES = [
  'vulnerability_found',
  'remediation_applied',
  'compliance_violation',
  'scan_started',
  'scan_completed',
  'threat_detected',
] as const;
/** Every event type: the spec's six plus the organization's security events and incidents. */
export const SIEM_EVENT_TYPES = [...SIEM_SPEC_EVENT_TYPES, 'security_event', 'incident'] as const;
export type TSiemEventType = (typeof SIEM_EVENT_TYPES)[number];

export const SIEM_LOG_LEVELS = ['error', 'warning', 'info'] as const;
export type TSiemLogLevel = (typeof SIEM_LOG_LEVELS)[number];

export const SIEM_STATUSES = ['active', 'inactive', 'error'] as const;
export type TSiemStatus = (typeof SIEM_STATUSES)[number];

/** spec part 2 §9: "Default SIEM settings on create". */
export const SIEM_DEFAULTS = {
  batchSize: 100,
  retryAttempts: 3,
  timeout: 30,
  enableRealtime: true,
  dataRetention: 90,
  /** Not in the spec: how long an undelivered event is kept trying before it is dead-lettered. */
  maxAgeHours: 24,
  logLevels: ['error', 'warning', 'info'] as TSiemLogLevel[],
  eventTypes: ['vulnerability_found', 'scan_completed', 'threat_detected'] as TSiemEventType[],
  sources: ['netguard-scanner'],
} as const;

/** Texts of the SIEM Integrations page (spec part 2 §8), kept verbatim. */
export const SIEM_TEXT = {
  loadFailed: 'Failed to load SIEM integration data',
  testFailed: 'Failed to test SIEM connection',
  createFailed: 'Failed to create SIEM integration',
  createdTitle: 'Integration Created',
  created: 'SIEM integration has been successfully configured',
  connectionSuccessful: 'Connection Successful',
  connectionFailed: 'Connection Failed',
  notFound: 'SIEM integration not found',
  denied: 'Insufficient permissions for SIEM integrations',
  canary: 'NetGuard SIEM connection test',
} as const;

const name = textField({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

const secret = (label: string) =>
  textField({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(16_384, `${label} must be at most 16384 characters`);

const shortText = (label: string, max = 256) =>
  textField({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/**
 * Credentials: spec part 2 says "an object with a single key field" (the token, API key, client
 * secret or service account JSON); basic auth adds username and password, OAuth (Sentinel) the
 * tenant and client ids.
 */
export const ZSiemCredentials = z.strictObject(
  {
    key: secret('Key').optional(),
    username: shortText('Username').optional(),
    password: secret('Password').optional(),
    tenantId: shortText('Tenant ID').optional(),
    clientId: shortText('Client ID').optional(),
  },
  { error: 'Credentials must be an object with key (and username, password, tenantId, clientId)' },
);
export type TSiemCredentials = z.infer<typeof ZSiemCredentials>;

/** Type-specific options; each type reads only its own. */
export const ZSiemOptions = z.strictObject(
  {
    /** Splunk, Elastic: the index (Elastic: data stream or index name). */
    index: shortText('Index', 255).optional(),
    /** Splunk: one sourcetype for every event; default netguard:<event type>. */
    sourcetype: shortText('Sourcetype').optional(),
    /** Splunk: wait for indexer acknowledgement (the HEC token must have it enabled). */
    ackEnabled: z.boolean({ error: 'ackEnabled must be true or false' }).optional(),
    /** Sumo Logic: X-Sumo-Category. */
    category: shortText('Category').optional(),
    /** Sentinel: the data collection rule's immutable id and stream. */
    dcrImmutableId: shortText('DCR immutable ID').optional(),
    streamName: shortText('Stream name').optional(),
    /** Sentinel: Entra authority host (national clouds); default login.microsoftonline.com. */
    authorityHost: shortText('Authority host', 2048).optional(),
    /** Chronicle: the customer id. */
    customerId: shortText('Customer ID').optional(),
    /** QRadar, ArcSight over TLS: CA certificates (PEM) that sign the receiver's certificate. */
    caPem: shortText('CA certificate', 65_536).optional(),
  },
  { error: 'Options must be an object' },
);
export type TSiemOptions = z.infer<typeof ZSiemOptions>;

export const ZSiemSettings = z.strictObject({
  batchSize: z
    .number({ error: 'Batch size must be a number' })
    .int('Batch size must be a whole number')
    .min(1, 'Batch size must be at least 1')
    .max(1000, 'Batch size must be at most 1000')
    .default(SIEM_DEFAULTS.batchSize),
  retryAttempts: z
    .number({ error: 'Retry attempts must be a number' })
    .int('Retry attempts must be a whole number')
    .min(0, 'Retry attempts must be at least 0')
    .max(10, 'Retry attempts must be at most 10')
    .default(SIEM_DEFAULTS.retryAttempts),
  /** Seconds. */
  timeout: z
    .number({ error: 'Timeout must be a number' })
    .int('Timeout must be a whole number of seconds')
    .min(1, 'Timeout must be at least 1 second')
    .max(300, 'Timeout must be at most 300 seconds')
    .default(SIEM_DEFAULTS.timeout),
  enableRealtime: z
    .boolean({ error: 'enableRealtime must be true or false' })
    .default(SIEM_DEFAULTS.enableRealtime),
  /** Days the delivery log is kept. */
  dataRetention: z
    .number({ error: 'Data retention must be a number' })
    .int('Data retention must be a whole number of days')
    .min(1, 'Data retention must be at least 1 day')
    .max(3650, 'Data retention must be at most 3650 days')
    .default(SIEM_DEFAULTS.dataRetention),
  maxAgeHours: z
    .number({ error: 'Maximum age must be a number' })
    .int('Maximum age must be a whole number of hours')
    .min(1, 'Maximum age must be at least 1 hour')
    .max(720, 'Maximum age must be at most 720 hours')
    .default(SIEM_DEFAULTS.maxAgeHours),
});
export type TSiemSettings = z.infer<typeof ZSiemSettings>;

export const ZSiemFilters = z.strictObject({
  logLevels: z
    .array(z.enum(SIEM_LOG_LEVELS, { error: 'Log levels are error, warning and info' }))
    .max(3)
    .default([...SIEM_DEFAULTS.logLevels]),
  eventTypes: z
    .array(
      z.enum(SIEM_EVENT_TYPES, {
        error: `Event types are ${SIEM_EVENT_TYPES.join(', ')}`,
      }),
    )
    .max(SIEM_EVENT_TYPES.length)
    .default([...SIEM_DEFAULTS.eventTypes]),
  sources: z
    .array(shortText('Source', 100).min(1, 'A source must not be empty'))
    .max(20, 'At most 20 sources')
    .default([...SIEM_DEFAULTS.sources]),
});
export type TSiemFilters = z.infer<typeof ZSiemFilters>;

const SYSLOG_ENDPOINT = /^(tcp|udp|tls):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/** Parses a syslog endpoint (tcp://host:514); null when it is not one. */
export function parseSyslogEndpoint(
  endpoint: string,
): { protocol: 'tcp' | 'udp' | 'tls'; host: string; port: number } | null {
  const m = SYSLOG_ENDPOINT.exec(endpoint);
  if (!m) return null;
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return null;
  return {
    protocol: m[1] as 'tcp' | 'udp' | 'tls',
    host: (m[2] as string).replace(/^\[|\]$/g, ''),
    port,
  };
}

const isHttpUrl = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

type Config = {
  type: TSiemType;
  endpoint: string;
  authType: TSiemAuthType;
  credentials: TSiemCredentials;
  options: TSiemOptions;
};

/**
 * What each type needs, as messages for the fields that are missing or wrong (empty when the
 * configuration can be used).
 */
export function siemConfigProblems(config: Config): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const need = (ok: unknown, path: string[], message: string) => {
    if (!ok) problems.push({ path, message });
  };
  const { type, endpoint, authType, credentials: c, options: o } = config;
  if (SIEM_SYSLOG_TYPES.includes(type))
    need(
      parseSyslogEndpoint(endpoint),
      ['endpoint'],
      `${SIEM_TYPE_LABELS[type]} receives syslog: the endpoint must be tcp://, udp:// or tls:// host:port`,
    );
  else need(isHttpUrl(endpoint), ['endpoint'], 'Endpoint must be an http:// or https:// URL');
  switch (type) {
    case 'splunk':
      need(c.key, ['credentials', 'key'], 'Splunk needs the HEC token as the key');
      break;
    case 'elastic':
      if (authType === 'basic') {
        need(c.username, ['credentials', 'username'], 'Basic authentication needs a username');
        need(c.password, ['credentials', 'password'], 'Basic authentication needs a password');
      } else need(c.key, ['credentials', 'key'], 'Elastic needs an API key (or basic auth)');
      break;
    case 'sumo_logic':
      need(c.key, ['credentials', 'key'], 'Sumo Logic needs the HTTP source token as the key');
      break;
    case 'sentinel':
      need(c.tenantId, ['credentials', 'tenantId'], 'Sentinel needs the Entra tenant ID');
      need(c.clientId, ['credentials', 'clientId'], 'Sentinel needs the application (client) ID');
      need(c.key, ['credentials', 'key'], 'Sentinel needs the client secret as the key');
      need(o.dcrImmutableId, ['options', 'dcrImmutableId'], 'Sentinel needs the DCR immutable ID');
      need(o.streamName, ['options', 'streamName'], 'Sentinel needs the stream name');
      break;
    case 'chronicle':
      need(o.customerId, ['options', 'customerId'], 'Google SecOps needs the customer ID');
      need(
        c.key && isServiceAccountJson(c.key),
        ['credentials', 'key'],
        'Google SecOps needs the service account key file (JSON with client_email, private_key and token_uri) as the key',
      );
      break;
    default:
      break;
  }
  return problems;
}

function isServiceAccountJson(text: string): boolean {
  try {
    const key = JSON.parse(text) as Record<string, unknown>;
    return ['client_email', 'private_key', 'token_uri'].every((k) => typeof key[k] === 'string');
  } catch {
    return false;
  }
}

const endpoint = textField({ error: 'Endpoint is required' })
  .trim()
  .min(1, 'Endpoint is required')
  .max(2048, 'Endpoint must be at most 2048 characters');

const ZSiemConfigFields = z.strictObject({
  name,
  type: z.enum(SIEM_TYPES, { error: `Type must be one of ${SIEM_TYPES.join(', ')}` }),
  endpoint,
  authType: z
    .enum(SIEM_AUTH_TYPES, { error: `Auth type must be one of ${SIEM_AUTH_TYPES.join(', ')}` })
    .default('api_key'),
  credentials: ZSiemCredentials.default({}),
  options: ZSiemOptions.default({}),
  settings: ZSiemSettings.default(ZSiemSettings.parse({})),
  filters: ZSiemFilters.default(ZSiemFilters.parse({})),
});

/** create-siem-config {config}. */
export const ZSiemIntegrationCreate = ZSiemConfigFields.superRefine((config, ctx) => {
  for (const p of siemConfigProblems(config))
    ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
});
export type TSiemIntegrationCreate = z.infer<typeof ZSiemIntegrationCreate>;

/**
 * Configure: any field; credentials given replace the stored ones field by field (an absent field
 * keeps its stored value). The server checks the merged configuration with siemConfigProblems.
 */
export const ZSiemIntegrationUpdate = z.strictObject({
  name: name.optional(),
  endpoint: endpoint.optional(),
  authType: z
    .enum(SIEM_AUTH_TYPES, { error: `Auth type must be one of ${SIEM_AUTH_TYPES.join(', ')}` })
    .optional(),
  credentials: ZSiemCredentials.optional(),
  options: ZSiemOptions.optional(),
  settings: ZSiemSettings.partial().optional(),
  filters: ZSiemFilters.partial().optional(),
});
export type TSiemIntegrationUpdate = z.infer<typeof ZSiemIntegrationUpdate>;

/** enable-siem-realtime {configId, eventTypes}. */
export const ZSiemRealtimeBody = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  eventTypes: ZSiemFilters.shape.eventTypes.removeDefault().optional(),
});

export const ZSiemIdParams = z.object({ id: z.uuid({ error: 'Integration id must be a UUID' }) });

export const SIEM_DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const;
export type TSiemDeliveryState = (typeof SIEM_DELIVERY_STATES)[number];

export const ZSiemDeliveryQuery = z.object({
  state: z
    .enum(SIEM_DELIVERY_STATES, { error: 'state must be pending, delivered or dead' })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(100),
});

/** Replay: the listed dead letters, or every dead letter of the integration when none are listed. */
export const ZSiemReplayBody = z.strictObject({
  eventIds: z
    .array(z.uuid({ error: 'Event ids must be UUIDs' }))
    .max(10_000, 'At most 10000 events per replay')
    .optional(),
});

export const SIEM_EXPORT_FORMATS = ['jsonl', 'csv'] as const;

/** export-siem-logs {configId, timeRange, format}: forwarded (delivered) events in a time range. */
export const ZSiemExportQuery = z
  .object({
    from: z.iso.datetime({ error: 'from must be an ISO 8601 date-time', offset: true }),
    to: z.iso.datetime({ error: 'to must be an ISO 8601 date-time', offset: true }),
    format: z.enum(SIEM_EXPORT_FORMATS, { error: 'format must be jsonl or csv' }).default('jsonl'),
  })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), {
    message: 'from must not be after to',
    path: ['from'],
  });

/** generate-siem-queries {siemType, useCase}. */
export const SIEM_QUERY_USE_CASES = [
  'critical_vulnerabilities_24h',
  'failed_signin_burst',
  'new_exposed_services',
] as const;
export type TSiemQueryUseCase = (typeof SIEM_QUERY_USE_CASES)[number];

export const SIEM_QUERY_USE_CASE_LABELS: Record<TSiemQueryUseCase, string> = {
  critical_vulnerabilities_24h: 'Critical vulnerabilities in the last 24 hours',
  failed_signin_burst: 'Failed sign-in bursts',
  new_exposed_services: 'New exposed services',
};

export const ZSiemQueryParams = z.object({
  siemType: z.enum(SIEM_TYPES, { error: `siemType must be one of ${SIEM_TYPES.join(', ')}` }),
  useCase: z
    .enum(SIEM_QUERY_USE_CASES, {
      error: `useCase must be one of ${SIEM_QUERY_USE_CASES.join(', ')}`,
    })
    .optional(),
});

/** Paths of the SIEM API. */
export const SIEM_API = {
  integrations: '/api/siem/integrations',
  integration: (id: string) => `/api/siem/integrations/${id}`,
  test: (id: string) => `/api/siem/integrations/${id}/test`,
  realtime: (id: string) => `/api/siem/integrations/${id}/realtime`,
  deliveries: (id: string) => `/api/siem/integrations/${id}/deliveries`,
  replay: (id: string) => `/api/siem/integrations/${id}/replay`,
  export: (id: string) => `/api/siem/integrations/${id}/export`,
  queries: '/api/siem/queries',
} as const;
