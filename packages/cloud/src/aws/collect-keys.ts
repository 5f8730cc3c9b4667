// Collects one region's customer-managed KMS keys (with rotation status and key policy) and
// Secrets Manager secrets.
import {
  DescribeKeyCommand,
  GetKeyPolicyCommand,
  GetKeyRotationStatusCommand,
  type KeyMetadata,
  KMSClient,
  ListKeysCommand,
} from '@aws-sdk/client-kms';
import { ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type CollectContext, collect, collectPages, mapLimit, specsOf } from './calling.ts';
import { awsClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

const KEY_CHECKS = ['aws_kms_key_rotation_off', 'aws_kms_key_policy_public'];

export async function collectKeys(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const kms = awsClient(KMSClient, ctx.target, region);
  const secretsManager = awsClient(SecretsManagerClient, ctx.target, region);
  try {
    const [kmsKeys, secrets] = await Promise.all([
      collectKmsKeys(ctx, kms, region),
      collectPages(
        ctx,
        specsOf('secretsmanager', region)('ListSecrets', ['aws_secretsmanager_rotation_off']),
        async (NextToken, abortSignal) => {
          const r = await secretsManager.send(new ListSecretsCommand({ NextToken }), {
            abortSignal,
          });
          return { items: r.SecretList, next: r.NextToken };
        },
      ),
    ]);
    return { kmsKeys, secrets };
  } finally {
    kms.destroy();
    secretsManager.destroy();
  }
}

/** Enabled customer-managed keys, each with whether it rotates and its policy. */
async function collectKmsKeys(ctx: CollectContext, kms: KMSClient, region: string) {
  const spec = specsOf('kms', region);
  const listed = await collectPages(
    ctx,
    spec('ListKeys', KEY_CHECKS),
    async (Marker, abortSignal) => {
      const r = await kms.send(new ListKeysCommand({ Marker }), { abortSignal });
      return { items: r.Keys, next: r.Truncated ? r.NextMarker : undefined };
    },
  );
  if (!listed) return undefined;
  const described = await mapLimit(listed, ctx.concurrency, (k) =>
    collect(ctx, spec('DescribeKey', KEY_CHECKS), async (abortSignal) => {
      const r = await kms.send(new DescribeKeyCommand({ KeyId: k.KeyId }), { abortSignal });
      return r.KeyMetadata;
    }),
  );
  // AWS-managed keys rotate on AWS's schedule and their policies are AWS's own. A key that could
  // not be described is left out (its gap names the checks).
  const own = described.filter(
    (key): key is KeyMetadata => key?.KeyManager === 'CUSTOMER' && key.KeyState === 'Enabled',
  );
  return mapLimit(own, ctx.concurrency, async (key) => {
    const KeyId = key.KeyId;
    // Rotation applies to symmetric keys with key material from KMS.
    const rotates = key.KeySpec === 'SYMMETRIC_DEFAULT' && key.Origin === 'AWS_KMS';
    const [rotation, policy] = await Promise.all([
      rotates
        ? collect(
            ctx,
            spec('GetKeyRotationStatus', ['aws_kms_key_rotation_off']),
            async (abortSignal) => {
              const r = await kms.send(new GetKeyRotationStatusCommand({ KeyId }), { abortSignal });
              return r.KeyRotationEnabled ?? false;
            },
          )
        : Promise.resolve(undefined),
      collect(ctx, spec('GetKeyPolicy', ['aws_kms_key_policy_public']), async (abortSignal) => {
        const r = await kms.send(new GetKeyPolicyCommand({ KeyId, PolicyName: 'default' }), {
          abortSignal,
        });
        return r.Policy;
      }),
    ]);
    return { key, rotation, policy };
  });
}
