import {
  SIEM_DEFAULTS,
  siemConfigProblems,
  type TSiemAuthType,
  type TSiemEventType,
  type TSiemIntegration,
  type TSiemIntegrationCreate,
  type TSiemLogLevel,
  type TSiemOptions,
  type TSiemSettings,
  type TSiemType,
  ZSiemIntegrationCreate,
} from '@netguard/contracts';
import {
  credentialFieldsFor,
  optionFieldsFor,
  SECRET_KEYS,
  type TCredentialKey,
  type TOptionKey,
} from '@/features/siem/siem-fields';

/** What the Add Integration / Configure form holds: every field, as the inputs edit them. */
export type TSiemFormValues = {
  name: string;
  type: TSiemType;
  endpoint: string;
  authType: TSiemAuthType;
  credentials: Record<TCredentialKey, string>;
  options: Record<Exclude<TOptionKey, 'ackEnabled'>, string> & { ackEnabled: boolean };
  settings: TSiemSettings;
  filters: { logLevels: TSiemLogLevel[]; eventTypes: TSiemEventType[]; sources: string };
};

const EMPTY_CREDENTIALS: TSiemFormValues['credentials'] = {
  key: '',
  username: '',
  password: '',
  tenantId: '',
  clientId: '',
};

const EMPTY_OPTIONS: TSiemFormValues['options'] = {
  index: '',
  sourcetype: '',
  ackEnabled: false,
  category: '',
  dcrImmutableId: '',
  streamName: '',
  customerId: '',
  caPem: '',
};

/** A new integration: Splunk, api_key, and the spec's default settings and filters. */
export function emptySiemForm(): TSiemFormValues {
  return {
    name: '',
    type: 'splunk',
    endpoint: '',
    authType: 'api_key',
    credentials: { ...EMPTY_CREDENTIALS },
    options: { ...EMPTY_OPTIONS },
    settings: {
      batchSize: SIEM_DEFAULTS.batchSize,
      retryAttempts: SIEM_DEFAULTS.retryAttempts,
      timeout: SIEM_DEFAULTS.timeout,
      enableRealtime: SIEM_DEFAULTS.enableRealtime,
      dataRetention: SIEM_DEFAULTS.dataRetention,
      maxAgeHours: SIEM_DEFAULTS.maxAgeHours,
    },
    filters: {
      logLevels: [...SIEM_DEFAULTS.logLevels],
      eventTypes: [...SIEM_DEFAULTS.eventTypes],
      sources: SIEM_DEFAULTS.sources.join(', '),
    },
  };
}

/** Configure: the stored integration, secrets left empty (empty keeps the stored secret). */
export function siemFormFrom(integration: TSiemIntegration): TSiemFormValues {
  const { credentials: c, options: o } = integration;
  return {
    name: integration.name,
    type: integration.type,
    endpoint: integration.endpoint,
    authType: integration.authType,
    credentials: {
      ...EMPTY_CREDENTIALS,
      username: c.username ?? '',
      tenantId: c.tenantId ?? '',
      clientId: c.clientId ?? '',
    },
    options: {
      index: o.index ?? '',
      sourcetype: o.sourcetype ?? '',
      ackEnabled: o.ackEnabled ?? false,
      category: o.category ?? '',
      dcrImmutableId: o.dcrImmutableId ?? '',
      streamName: o.streamName ?? '',
      customerId: o.customerId ?? '',
      caPem: o.caPem ?? '',
    },
    settings: { ...integration.settings },
    filters: {
      logLevels: [...integration.filters.logLevels],
      eventTypes: [...integration.filters.eventTypes],
      sources: integration.filters.sources.join(', '),
    },
  };
}

/** "netguard-scanner, edge\nlab" → ['netguard-scanner', 'edge', 'lab']. */
export const parseSources = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((source) => source.trim())
    .filter(Boolean);

/** The options the type uses, trimmed; `keepEmpty` sends '' for a cleared text option. */
export function formOptions(values: TSiemFormValues, keepEmpty = false): TSiemOptions {
  const options: TSiemOptions = {};
  for (const key of optionFieldsFor(values.type, values.endpoint)) {
    if (key === 'ackEnabled') options.ackEnabled = values.options.ackEnabled;
    else {
      const value = values.options[key].trim();
      if (value || keepEmpty) options[key] = value;
    }
  }
  return options;
}

/** POST body: only the fields the type uses, blanks left out, sources split. */
export function toCreateBody(values: TSiemFormValues): TSiemIntegrationCreate {
  const credentials: TSiemIntegrationCreate['credentials'] = {};
  for (const key of credentialFieldsFor(values.type, values.authType)) {
    const value = values.credentials[key].trim();
    if (value) credentials[key] = value;
  }
  return {
    name: values.name.trim(),
    type: values.type,
    endpoint: values.endpoint.trim(),
    authType: values.authType,
    credentials,
    options: formOptions(values),
    settings: { ...values.settings },
    filters: {
      logLevels: [...values.filters.logLevels],
      eventTypes: [...values.filters.eventTypes],
      sources: parseSources(values.filters.sources),
    },
  };
}

/** Field path → message, as react-hook-form names the fields ('credentials.key'). */
export type TSiemFormProblems = Record<string, string>;

const NESTED = new Set(['credentials', 'options', 'settings', 'filters']);

/**
 * Checks the form with the contracts' create schema. Editing (`stored` given), a secret left
 * empty keeps the stored one, so what the schema says about a missing secret does not apply.
 */
export function siemFormProblems(
  values: TSiemFormValues,
  stored?: TSiemIntegration,
): TSiemFormProblems {
  const body = toCreateBody(values);
  const parsed = ZSiemIntegrationCreate.safeParse(body);
  // The schema checks the type's needs only once the rest parses: ask for them at once too.
  const issues = [...(parsed.error?.issues ?? []), ...siemConfigProblems(body)];
  const problems: TSiemFormProblems = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const field = path.slice(0, NESTED.has(path[0] ?? '') ? 2 : 1).join('.') || 'root';
    if (stored && keepsStoredSecret(field, values, stored)) continue;
    problems[field] ??= issue.message;
  }
  return problems;
}

function keepsStoredSecret(field: string, values: TSiemFormValues, stored: TSiemIntegration) {
  const [group, key] = field.split('.') as [string, TCredentialKey | undefined];
  if (group !== 'credentials' || !key || !SECRET_KEYS.includes(key)) return false;
  return !values.credentials[key].trim() && Boolean(stored.credentials[key]);
}

/** The problems as react-hook-form's nested errors ({credentials: {key: {message}}}). */
export function toFieldErrors(problems: TSiemFormProblems): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(problems)) {
    const [head, leaf] = path.split('.') as [string, string | undefined];
    const error = { type: 'validate', message };
    if (leaf === undefined) errors[head] = error;
    else errors[head] = { ...(errors[head] as object | undefined), [leaf]: error };
  }
  return errors;
}
