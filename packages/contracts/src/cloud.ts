import { z } from 'zod';
import { textField } from './text-field.ts';

/** The cloud providers of the Cloud Integrations page (spec part 2). */
export const CLOUD_PROVIDERS = ['aws', 'azure', 'gcp'] as const;
export const ZCloudProvider = z.enum(CLOUD_PROVIDERS, {
  error: 'Provider must be aws, azure or gcp',
});
export type TCloudProvider = z.infer<typeof ZCloudProvider>;

export const CLOUD_PROVIDER_LABELS: Record<TCloudProvider, string> = {
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'GCP',
};

/** Default regions (spec part 2 §9). */
export const CLOUD_DEFAULT_REGIONS: Record<TCloudProvider, string> = {
  aws: 'us-east-1',
  azure: 'eastus',
  gcp: 'us-central1',
};

/** Texts of the Cloud Integrations page (spec part 2 §8), kept verbatim. */
export const CLOUD_TEXT = {
  /** Success toast: "AWS Connected", "Azure Connected", "GCP Connected". */
  connected: (provider: TCloudProvider) => `${CLOUD_PROVIDER_LABELS[provider]} Connected`,
  connectionFailedTitle: 'Connection Failed',
  /** The toast's description when the server gave no reason of its own. */
  connectionFailed: (provider: TCloudProvider) =>
    `Failed to connect to ${CLOUD_PROVIDER_LABELS[provider]}. Please check your credentials.`,
  /** The 4xx message of a refused connection: the spec's sentence and the provider's own reason. */
  connectionRefused: (provider: TCloudProvider, reason: string) =>
    `Failed to connect to ${CLOUD_PROVIDER_LABELS[provider]}. Please check your credentials. ${CLOUD_PROVIDER_LABELS[provider]} said: ${reason}`,
  runScan: 'Run Multi-Cloud Scan',
  scanComplete: 'Multi-Cloud Scan Complete',
  scanFailedTitle: 'Scan Failed',
  scanFailed: 'Failed to complete multi-cloud scan',
  /** A per-result error line. */
  resultError: (message: string) => `Error: ${message}`,
  noConnection: 'Connect at least one cloud provider before running a multi-cloud scan',
  connectionNotFound: 'Cloud connection not found',
  connectionNotConnected: 'This cloud connection is not connected; connect it again first',
  wrongProvider: (provider: TCloudProvider) =>
    `The selected service scan is for ${CLOUD_PROVIDER_LABELS[provider]}, but the connection is not`,
  scanNotFound: 'Cloud scan not found',
  scanNotCancellable: 'Only a queued or running cloud scan can be cancelled',
  scanAlreadyRunning: 'A cloud scan of this connection is already queued or running',
  muteRuleNotFound: 'Mute rule not found',
  denied: 'Insufficient permissions for cloud integrations',
} as const;

const emptyToUndefined = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.literal('').transform(() => undefined)]).optional();

/** AWS region names such as us-east-1, eu-central-2, us-gov-west-1. */
export const ZAwsRegion = textField()
  .trim()
  .max(32, 'AWS region is too long')
  .regex(/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/, 'AWS region must look like us-east-1');

/** spec part 2 §3: accessKeyId, secretAccessKey, region; plus a role to assume. */
export const ZAwsCredentials = z.object({
  accessKeyId: textField({ error: 'Access key ID is required' })
    .trim()
    .min(16, 'Access key ID must be at least 16 characters')
    .max(128, 'Access key ID must be at most 128 characters')
    .regex(/^[A-Za-z0-9]+$/, 'Access key ID contains only letters and digits'),
  secretAccessKey: textField({ error: 'Secret access key is required' })
    .trim()
    .min(1, 'Secret access key is required')
    .max(256, 'Secret access key must be at most 256 characters'),
  region: emptyToUndefined(ZAwsRegion).transform((r) => r ?? CLOUD_DEFAULT_REGIONS.aws),
  roleArn: emptyToUndefined(
    textField()
      .trim()
      .max(2048, 'Role ARN must be at most 2048 characters')
      .regex(
        /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/,
        'Role ARN must look like arn:aws:iam::123456789012:role/NetGuardAudit',
      ),
  ),
  externalId: emptyToUndefined(
    textField()
      .trim()
      .min(2, 'External ID must be at least 2 characters')
      .max(1224, 'External ID must be at most 1224 characters')
      .regex(/^[\w+=,.@:/-]+$/, 'External ID contains a character AWS does not allow'),
  ),
  /** Assume this role in every account of the AWS Organization and scan each. */
  organizationRoleName: emptyToUndefined(
    textField()
      .trim()
      .max(64, 'Organization role name must be at most 64 characters')
      .regex(/^[\w+=,.@-]+$/, 'Organization role name contains a character AWS does not allow'),
  ),
});
export type TAwsCredentials = z.infer<typeof ZAwsCredentials>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const guid = (label: string) =>
  textField({ error: `${label} is required` })
    .trim()
    .max(36, `${label} must be a GUID such as 00000000-0000-0000-0000-000000000000`)
    .regex(GUID, `${label} must be a GUID such as 00000000-0000-0000-0000-000000000000`);

/** spec part 2 §3: tenantId, clientId, clientSecret, subscriptionId; default location eastus. */
export const ZAzureCredentials = z.object({
  /** The directory (tenant) id, or its domain such as contoso.onmicrosoft.com. */
  tenantId: textField({ error: 'Tenant ID is required' })
    .trim()
    .min(1, 'Tenant ID is required')
    .max(253, 'Tenant ID must be at most 253 characters')
    .regex(
      /^([0-9a-f-]{36}|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)$/i,
      'Tenant ID must be a GUID or a domain such as contoso.onmicrosoft.com',
    ),
  clientId: guid('Client ID'),
  clientSecret: textField({ error: 'Client secret is required' })
    .trim()
    .min(1, 'Client secret is required')
    .max(256, 'Client secret must be at most 256 characters'),
  subscriptionId: guid('Subscription ID'),
  location: emptyToUndefined(
    textField()
      .trim()
      .max(40, 'Location must be at most 40 characters')
      .regex(/^[a-z0-9]+$/, 'Location must look like eastus'),
  ).transform((l) => l ?? CLOUD_DEFAULT_REGIONS.azure),
});
export type TAzureCredentials = z.infer<typeof ZAzureCredentials>;

function parseKey(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** spec part 2 §3 and §5: projectId, serviceAccountKey as JSON text that must parse; default region us-central1. */
export const ZGcpCredentials = z.object({
  projectId: textField({ error: 'Project ID is required' })
    .trim()
    .min(6, 'Project ID must be at least 6 characters')
    .max(30, 'Project ID must be at most 30 characters')
    .regex(
      /^[a-z][a-z0-9-]*[a-z0-9]$/,
      'Project ID has lowercase letters, digits and hyphens, and starts with a letter',
    ),
  serviceAccountKey: textField({ error: 'Service account key is required' })
    .min(2, 'Service account key is required')
    .max(16_384, 'Service account key must be at most 16384 characters')
    .refine((text) => parseKey(text) !== null, 'Service account key must be valid JSON')
    .refine((text) => {
      const key = parseKey(text);
      return !key || (typeof key.client_email === 'string' && typeof key.private_key === 'string');
    }, 'Service account key must be a key file with client_email and private_key'),
  region: emptyToUndefined(
    textField()
      .trim()
      .max(40, 'Region must be at most 40 characters')
      .regex(/^[a-z]+-[a-z]+\d+$/, 'Region must look like us-central1'),
  ).transform((r) => r ?? CLOUD_DEFAULT_REGIONS.gcp),
});
export type TGcpCredentials = z.infer<typeof ZGcpCredentials>;

export const ZCloudConnectionName = textField()
  .trim()
  .min(1, 'Name must not be empty')
  .max(100, 'Name must be at most 100 characters');

/** POST /api/cloud/connections: the spec's store-cloud-credentials {provider, credentials}. */
export const ZStoreCloudCredentials = z.discriminatedUnion(
  'provider',
  [
    z.object({
      provider: z.literal('aws'),
      name: emptyToUndefined(ZCloudConnectionName),
      credentials: ZAwsCredentials,
    }),
    z.object({
      provider: z.literal('azure'),
      name: emptyToUndefined(ZCloudConnectionName),
      credentials: ZAzureCredentials,
    }),
    z.object({
      provider: z.literal('gcp'),
      name: emptyToUndefined(ZCloudConnectionName),
      credentials: ZGcpCredentials,
    }),
  ],
  { error: 'Provider must be aws, azure or gcp' },
);
export type TStoreCloudCredentials = z.input<typeof ZStoreCloudCredentials>;
export type TStoreCloudCredentialsParsed = z.infer<typeof ZStoreCloudCredentials>;

export const CLOUD_CONNECTION_STATUSES = ['connected', 'disconnected', 'error'] as const;
export type TCloudConnectionStatus = (typeof CLOUD_CONNECTION_STATUSES)[number];

/** A connection as the API shows it: never a secret; the principal is masked. */
export const ZCloudConnection = z.object({
  id: z.uuid(),
  name: z.string(),
  provider: ZCloudProvider,
  status: z.enum(CLOUD_CONNECTION_STATUSES),
  /** AWS account id, Azure subscription id, GCP project id. */
  account: z.string().nullable(),
  /** Who the credentials are, masked: e.g. arn:aws:iam::123456789012:user/au***. */
  principal: z.string().nullable(),
  /** Default region (AWS, GCP) or location (Azure). */
  region: z.string(),
  lastScan: z.string().nullable(),
  /** Open, unmuted findings of this connection. */
  vulnerabilities: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type TCloudConnection = z.infer<typeof ZCloudConnection>;

export const ZCloudConnectionList = z.object({ connections: z.array(ZCloudConnection) });
export type TCloudConnectionList = z.infer<typeof ZCloudConnectionList>;

export const ZCloudIdParams = z.object({ id: z.uuid('Invalid UUID format') });
