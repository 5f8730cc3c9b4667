// KMS keys that do not rotate or whose policy lets anyone use them, and secrets that never rotate.
import { type AwsCheck, openPolicy, regionalHits } from './check.ts';

export const KEY_CHECKS: AwsCheck[] = [
  {
    id: 'aws_kms_key_rotation_off',
    evaluate: regionalHits(
      (r) => r.kmsKeys,
      ({ key, rotation }) =>
        rotation === false
          ? {
              resourceId: key.Arn ?? key.KeyId ?? '',
              detail: `KMS key ${key.KeyId}${key.Description ? ` (${key.Description})` : ''} does not rotate its key material.`,
              evidence: { keyId: key.KeyId, keyRotationEnabled: false },
            }
          : undefined,
    ),
  },
  {
    id: 'aws_kms_key_policy_public',
    evaluate: regionalHits(
      (r) => r.kmsKeys,
      ({ key, policy }) => {
        const open = openPolicy(`KMS key ${key.KeyId}`, policy);
        return open && { resourceId: key.Arn ?? key.KeyId ?? '', ...open };
      },
    ),
  },
  {
    id: 'aws_secretsmanager_rotation_off',
    evaluate: regionalHits(
      (r) => r.secrets,
      (s) =>
        s.RotationEnabled
          ? undefined
          : {
              resourceId: s.ARN ?? s.Name ?? '',
              detail: `Secret ${s.Name} is not rotated automatically.`,
              evidence: {
                name: s.Name,
                rotationEnabled: false,
                lastChangedDate: s.LastChangedDate,
              },
              tags: s.Tags?.length
                ? Object.fromEntries(s.Tags.map((t) => [t.Key ?? '', t.Value ?? '']))
                : undefined,
            },
    ),
  },
];
