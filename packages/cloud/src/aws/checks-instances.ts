// EC2 instances: the instance metadata service without session tokens (IMDSv1), and public IPv4
// addresses. Terminated instances are gone and not judged.
import type { Instance } from '@aws-sdk/client-ec2';
import { type AwsCheck, type Hit, tagsOf } from './check.ts';
import type { AwsInventory } from './inventory.ts';

const live = (i: Instance) => !['terminated', 'shutting-down'].includes(i.State?.Name ?? '');

const instanceHits =
  (fails: (i: Instance) => Pick<Hit, 'detail' | 'evidence' | 'publicAddresses'> | undefined) =>
  (inv: AwsInventory): Hit[] =>
    inv.regions.flatMap((r) =>
      (r.instances ?? []).filter(live).flatMap((i) => {
        const failed = fails(i);
        return failed
          ? [
              {
                region: r.region,
                resourceId: `arn:aws:ec2:${r.region}:${inv.account}:instance/${i.InstanceId}`,
                tags: tagsOf(i.Tags),
                ...failed,
              },
            ]
          : [];
      }),
    );

export const INSTANCE_CHECKS: AwsCheck[] = [
  {
    id: 'aws_ec2_imdsv2_off',
    evaluate: instanceHits((i) => {
      const options = i.MetadataOptions;
      if (options?.HttpEndpoint === 'disabled' || options?.HttpTokens === 'required')
        return undefined;
      return {
        detail: `Instance ${i.InstanceId} answers metadata requests without a session token (IMDSv1, HttpTokens ${options?.HttpTokens ?? 'optional'}).`,
        evidence: {
          httpTokens: options?.HttpTokens ?? 'optional',
          httpEndpoint: options?.HttpEndpoint ?? 'enabled',
        },
      };
    }),
  },
  {
    id: 'aws_ec2_instance_public_ip',
    evaluate: instanceHits((i) =>
      i.PublicIpAddress
        ? {
            detail: `Instance ${i.InstanceId} has the public address ${i.PublicIpAddress}.`,
            evidence: { publicIp: i.PublicIpAddress, subnetId: i.SubnetId },
            publicAddresses: [i.PublicIpAddress],
          }
        : undefined,
    ),
  },
];
