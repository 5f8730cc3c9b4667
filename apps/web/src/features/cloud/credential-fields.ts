import { CLOUD_DEFAULT_REGIONS, type TCloudProvider } from '@netguard/contracts';

export type TCredentialField = {
  name: string;
  label: string;
  kind: 'text' | 'secret' | 'json';
  placeholder?: string;
  optional?: boolean;
};

/** The credentials form's fields per provider (spec part 2 §3), named as the contracts name them. */
export const CREDENTIAL_FIELDS: Record<TCloudProvider, TCredentialField[]> = {
  aws: [
    { name: 'accessKeyId', label: 'Access Key ID', kind: 'text', placeholder: 'AKIA…' },
    { name: 'secretAccessKey', label: 'Secret Access Key', kind: 'secret' },
    { name: 'region', label: 'Region', kind: 'text', placeholder: CLOUD_DEFAULT_REGIONS.aws },
    {
      name: 'roleArn',
      label: 'Role ARN',
      kind: 'text',
      placeholder: 'arn:aws:iam::123456789012:role/NetGuardAudit',
      optional: true,
    },
    { name: 'externalId', label: 'External ID', kind: 'text', optional: true },
    {
      name: 'organizationRoleName',
      label: 'Organization role name',
      kind: 'text',
      placeholder: 'OrganizationAccountAccessRole',
      optional: true,
    },
  ],
  azure: [
    { name: 'tenantId', label: 'Tenant ID', kind: 'text', placeholder: 'contoso.onmicrosoft.com' },
    {
      name: 'clientId',
      label: 'Client ID',
      kind: 'text',
      placeholder: '00000000-0000-0000-0000-000000000000',
    },
    { name: 'clientSecret', label: 'Client Secret', kind: 'secret' },
    {
      name: 'subscriptionId',
      label: 'Subscription ID',
      kind: 'text',
      placeholder: '00000000-0000-0000-0000-000000000000',
    },
    { name: 'location', label: 'Location', kind: 'text', placeholder: CLOUD_DEFAULT_REGIONS.azure },
  ],
  gcp: [
    { name: 'projectId', label: 'Project ID', kind: 'text', placeholder: 'my-project-123' },
    {
      name: 'serviceAccountKey',
      label: 'Service Account Key (JSON)',
      kind: 'json',
      placeholder: '{ "type": "service_account", "client_email": "…", "private_key": "…" }',
    },
    { name: 'region', label: 'Region', kind: 'text', placeholder: CLOUD_DEFAULT_REGIONS.gcp },
  ],
};

const REGION_FIELD: Record<TCloudProvider, string> = {
  aws: 'region',
  azure: 'location',
  gcp: 'region',
};

/** Empty fields, with the region prefilled with the provider's default (spec part 2 §9). */
export function emptyCredentials(provider: TCloudProvider): Record<string, string> {
  const values = Object.fromEntries(CREDENTIAL_FIELDS[provider].map((field) => [field.name, '']));
  return { ...values, [REGION_FIELD[provider]]: CLOUD_DEFAULT_REGIONS[provider] };
}
