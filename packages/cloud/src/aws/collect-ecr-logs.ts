// Collects one region's ECR repositories (with their policies) and CloudWatch Logs log groups.
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs';
import {
  DescribeRepositoriesCommand,
  ECRClient,
  GetRepositoryPolicyCommand,
} from '@aws-sdk/client-ecr';
import {
  absentOn,
  type CollectContext,
  collect,
  collectPages,
  mapLimit,
  specsOf,
} from './calling.ts';
import { awsClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

const REPOSITORY_CHECKS = [
  'aws_ecr_scan_on_push_off',
  'aws_ecr_tags_mutable',
  'aws_ecr_repository_public',
];

export async function collectEcrAndLogs(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const ecr = awsClient(ECRClient, ctx.target, region);
  const logs = awsClient(CloudWatchLogsClient, ctx.target, region);
  const spec = specsOf('ecr', region);
  try {
    const [listed, logGroups] = await Promise.all([
      collectPages(
        ctx,
        spec('DescribeRepositories', REPOSITORY_CHECKS),
        async (nextToken, abortSignal) => {
          const r = await ecr.send(new DescribeRepositoriesCommand({ nextToken }), { abortSignal });
          return { items: r.repositories, next: r.nextToken };
        },
      ),
      collectPages(
        ctx,
        specsOf('logs', region)('DescribeLogGroups', [
          'aws_logs_retention_short',
          'aws_logs_group_unencrypted',
        ]),
        async (nextToken, abortSignal) => {
          const r = await logs.send(new DescribeLogGroupsCommand({ nextToken }), { abortSignal });
          return { items: r.logGroups, next: r.nextToken };
        },
      ),
    ]);
    const repositories =
      listed &&
      (await mapLimit(listed, ctx.concurrency, async (repo) => ({
        repo,
        policy: await collect(
          ctx,
          spec('GetRepositoryPolicy', ['aws_ecr_repository_public']),
          (abortSignal) =>
            ecr
              .send(new GetRepositoryPolicyCommand({ repositoryName: repo.repositoryName }), {
                abortSignal,
              })
              .then((r) => r.policyText ?? null, absentOn('RepositoryPolicyNotFoundException')),
        ),
      })));
    return { repositories, logGroups };
  } finally {
    ecr.destroy();
    logs.destroy();
  }
}
