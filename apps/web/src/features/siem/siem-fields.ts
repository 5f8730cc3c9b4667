import {
  SIEM_SYSLOG_TYPES,
  type TSiemAuthType,
  type TSiemCredentials,
  type TSiemOptions,
  type TSiemType,
} from '@netguard/contracts';

export type TCredentialKey = keyof Required<TSiemCredentials>;
/** The type-specific options the form edits (authorityHost keeps its stored value). */
export type TOptionKey = Exclude<keyof Required<TSiemOptions>, 'authorityHost'>;

/** Example endpoints per type: documentation names only (example.com). */
const ENDPOINT_PLACEHOLDERS: Record<TSiemType, string> = {
  splunk: 'https://splunk.example.com:8088',
  elastic: 'https://elastic.example.com:9200',
  qradar: 'tcp://qradar.example.com:514',
  sentinel: 'https://sentinel-dce.example.com',
  sumo_logic: 'https://sumo.example.com/receiver/v1/http',
  chronicle: 'https://chronicle.example.com',
  arcsight: 'tcp://arcsight.example.com:514',
};

export const endpointPlaceholder = (type: TSiemType): string => ENDPOINT_PLACEHOLDERS[type];

/** What the credentials key holds for each type. */
const KEY_LABELS: Record<TSiemType, string> = {
  splunk: 'HEC token',
  elastic: 'API key',
  qradar: 'Key (optional)',
  sentinel: 'Client secret',
  sumo_logic: 'HTTP source token',
  chronicle: 'Service account key (JSON)',
  arcsight: 'Key (optional)',
};

export function keyLabel(type: TSiemType, authType: TSiemAuthType): string {
  if (type === 'elastic' && authType === 'basic') return 'API key (optional with basic auth)';
  return KEY_LABELS[type];
}

/** Syslog over TLS: the receiver's CA can be given. */
export const isTlsSyslog = (type: TSiemType, endpoint: string): boolean =>
  SIEM_SYSLOG_TYPES.includes(type) && endpoint.trim().toLowerCase().startsWith('tls://');

/** Which credential fields the form shows for a type and authentication. */
export function credentialFieldsFor(type: TSiemType, authType: TSiemAuthType): TCredentialKey[] {
  const fields: TCredentialKey[] = [];
  if (type === 'sentinel') fields.push('tenantId', 'clientId');
  if (authType === 'basic') fields.push('username', 'password');
  fields.push('key');
  return fields;
}

/** Which type-specific options the form shows. */
export function optionFieldsFor(type: TSiemType, endpoint: string): TOptionKey[] {
  switch (type) {
    case 'splunk':
      return ['index', 'sourcetype', 'ackEnabled'];
    case 'elastic':
      return ['index'];
    case 'sumo_logic':
      return ['category'];
    case 'sentinel':
      return ['dcrImmutableId', 'streamName'];
    case 'chronicle':
      return ['customerId'];
    default:
      return isTlsSyslog(type, endpoint) ? ['caPem'] : [];
  }
}

export const CREDENTIAL_LABELS: Record<Exclude<TCredentialKey, 'key'>, string> = {
  username: 'Username',
  password: 'Password',
  tenantId: 'Tenant ID',
  clientId: 'Client ID',
};

export const OPTION_LABELS: Record<TOptionKey, string> = {
  index: 'Index',
  sourcetype: 'Sourcetype',
  ackEnabled: 'Indexer acknowledgement',
  category: 'Source category',
  dcrImmutableId: 'DCR immutable ID',
  streamName: 'Stream name',
  customerId: 'Customer ID',
  caPem: 'CA certificate (PEM)',
};

export const OPTION_PLACEHOLDERS: Partial<Record<TOptionKey, string>> = {
  index: 'main',
  sourcetype: 'netguard:event',
  category: 'security/netguard',
  dcrImmutableId: 'dcr-00000000000000000000000000000000',
  streamName: 'Custom-NetGuard_CL',
  customerId: '00000000-0000-0000-0000-000000000000',
  caPem: '-----BEGIN CERTIFICATE-----',
};

/** Fields whose stored value the server masks: left empty in the form, they keep it. */
export const SECRET_KEYS: readonly TCredentialKey[] = ['key', 'password'];
