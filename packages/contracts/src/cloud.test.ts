import { describe, expect, it } from 'vitest';
import { CLOUD_TEXT, ZStoreCloudCredentials } from './cloud.ts';
import { ZCloudMuteRuleCreate } from './cloud-mute-rules.ts';
import { ZCloudScanRequest } from './cloud-scans.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const gcpKey = JSON.stringify({
  type: 'service_account',
  client_email: 'scanner@demo-project.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n',
});

describe('cloud contracts', () => {
  it('fills the spec default regions and drops empty optional fields', () => {
    const aws = ZStoreCloudCredentials.parse({
      provider: 'aws',
      name: '',
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 's', roleArn: '' },
    });
    expect(aws).toEqual({
      provider: 'aws',
      credentials: {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 's',
        region: 'us-east-1',
      },
    });
    const gcp = ZStoreCloudCredentials.parse({
      provider: 'gcp',
      credentials: { projectId: 'demo-project', serviceAccountKey: gcpKey },
    });
    expect(gcp.credentials).toMatchObject({ region: 'us-central1' });
    const azure = ZStoreCloudCredentials.parse({
      provider: 'azure',
      credentials: {
        tenantId: 'contoso.onmicrosoft.com',
        clientId: '11111111-2222-3333-4444-555555555555',
        clientSecret: 'x',
        subscriptionId: '11111111-2222-3333-4444-555555555556',
      },
    });
    expect(azure.credentials).toMatchObject({ location: 'eastus' });
  });

  it('refuses a GCP key that is not JSON, an unknown provider and a bad role ARN with a clear message', () => {
    expect(
      firstMessage(
        ZStoreCloudCredentials.safeParse({
          provider: 'gcp',
          credentials: { projectId: 'demo-project', serviceAccountKey: '{not json' },
        }),
      ),
    ).toBe('Service account key must be valid JSON');
    expect(
      firstMessage(ZStoreCloudCredentials.safeParse({ provider: 'oracle', credentials: {} })),
    ).toBe('Provider must be aws, azure or gcp');
    expect(
      firstMessage(
        ZStoreCloudCredentials.safeParse({
          provider: 'aws',
          credentials: {
            accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
            secretAccessKey: 's',
            roleArn: 'arn:aws:iam::12:role/x',
          },
        }),
      ),
    ).toMatch(/^Role ARN must look like/);
  });

  it('pairs each spec service with its scan type', () => {
    expect(
      ZCloudScanRequest.safeParse({
        serviceScan: {
          provider: 'aws',
          service: 'ec2',
          scanType: 'security_groups',
          region: 'eu-west-1',
        },
      }).success,
    ).toBe(true);
    expect(
      firstMessage(
        ZCloudScanRequest.safeParse({
          serviceScan: { provider: 'gcp', service: 'iam', scanType: 'firewall_rules' },
        }),
      ),
    ).toBe('For GCP service iam the scanType is policy_bindings');
  });

  it('needs a match, a reason and a future expiry for a mute rule', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      ZCloudMuteRuleCreate.safeParse({
        checkId: 'aws_s3_public',
        reason: 'sandbox',
        expiresAt: future,
      }).success,
    ).toBe(true);
    expect(firstMessage(ZCloudMuteRuleCreate.safeParse({ reason: 'x', expiresAt: future }))).toBe(
      'A mute rule needs at least one of checkId, resourcePattern, tag, account or region',
    );
    expect(
      firstMessage(
        ZCloudMuteRuleCreate.safeParse({
          region: 'us-east-1',
          reason: 'x',
          expiresAt: '2020-01-01T00:00:00Z',
        }),
      ),
    ).toBe('expiresAt must be in the future');
  });

  it('keeps the spec toasts', () => {
    expect(CLOUD_TEXT.connected('gcp')).toBe('GCP Connected');
    expect(CLOUD_TEXT.connectionFailed('aws')).toBe(
      'Failed to connect to AWS. Please check your credentials.',
    );
  });
});
