import { CLOUD_PROVIDERS, ZStoreCloudCredentials } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_FIELDS, emptyCredentials } from '@/features/cloud/credential-fields';

const schemaOf = (provider: string) => {
  const option = ZStoreCloudCredentials.options.find((o) => o.shape.provider.value === provider);
  if (!option) throw new Error(provider);
  return option.shape.credentials;
};

const KEY = JSON.stringify({ client_email: 'a@p.iam.gserviceaccount.com', private_key: 'k' });

describe('credential fields', () => {
  it.each(CLOUD_PROVIDERS)('names exactly the fields of the %s credentials schema', (provider) => {
    const names = CREDENTIAL_FIELDS[provider].map((field) => field.name).sort();
    expect(names).toEqual(Object.keys(schemaOf(provider).shape).sort());
  });

  it('prefills the default regions of spec part 2 §9', () => {
    expect(emptyCredentials('aws').region).toBe('us-east-1');
    expect(emptyCredentials('azure').location).toBe('eastus');
    expect(emptyCredentials('gcp').region).toBe('us-central1');
  });

  it('leaves the optional AWS role fields blank, and the schema accepts them blank', () => {
    const values = {
      ...emptyCredentials('aws'),
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'secret',
    };
    const parsed = ZStoreCloudCredentials.parse({ provider: 'aws', name: '', credentials: values });
    expect(parsed.credentials).toMatchObject({ region: 'us-east-1', roleArn: undefined });
  });

  it('puts the GCP key error on the key field, with the message the form shows', () => {
    const credentials = {
      ...emptyCredentials('gcp'),
      projectId: 'my-project-1',
      serviceAccountKey: '{oops',
    };
    const result = ZStoreCloudCredentials.safeParse({ provider: 'gcp', credentials });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'credentials.serviceAccountKey',
      'Service account key must be valid JSON',
    ]);
    const good = { ...credentials, serviceAccountKey: KEY };
    expect(ZStoreCloudCredentials.safeParse({ provider: 'gcp', credentials: good }).success).toBe(
      true,
    );
  });
});
