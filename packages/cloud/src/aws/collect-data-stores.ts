// Collects one region's DynamoDB tables (with point-in-time recovery) and EFS file systems.
import {
  DescribeContinuousBackupsCommand,
  DynamoDBClient,
  ListTablesCommand,
} from '@aws-sdk/client-dynamodb';
import { DescribeFileSystemsCommand, EFSClient } from '@aws-sdk/client-efs';
import { type CollectContext, collect, collectPages, mapLimit, specsOf } from './calling.ts';
import { awsClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

export async function collectDataStores(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const dynamodb = awsClient(DynamoDBClient, ctx.target, region);
  const efs = awsClient(EFSClient, ctx.target, region);
  const spec = specsOf('dynamodb', region);
  const checks = ['aws_dynamodb_pitr_off'];
  try {
    const [names, fileSystems] = await Promise.all([
      collectPages(
        ctx,
        spec('ListTables', checks),
        async (ExclusiveStartTableName, abortSignal) => {
          const r = await dynamodb.send(new ListTablesCommand({ ExclusiveStartTableName }), {
            abortSignal,
          });
          return { items: r.TableNames, next: r.LastEvaluatedTableName };
        },
      ),
      collectPages(
        ctx,
        specsOf('efs', region)('DescribeFileSystems', ['aws_efs_unencrypted']),
        async (Marker, abortSignal) => {
          const r = await efs.send(new DescribeFileSystemsCommand({ Marker }), { abortSignal });
          return { items: r.FileSystems, next: r.NextMarker };
        },
      ),
    ]);
    const tables =
      names &&
      (await mapLimit(names, ctx.concurrency, async (TableName) => {
        const backups = await collect(
          ctx,
          spec('DescribeContinuousBackups', checks),
          (abortSignal) =>
            dynamodb.send(new DescribeContinuousBackupsCommand({ TableName }), { abortSignal }),
        );
        const status =
          backups?.ContinuousBackupsDescription?.PointInTimeRecoveryDescription
            ?.PointInTimeRecoveryStatus;
        return {
          name: TableName,
          arn: `arn:aws:dynamodb:${region}:${ctx.account}:table/${TableName}`,
          pitr: backups && status === 'ENABLED',
        };
      }));
    return { tables, fileSystems };
  } finally {
    dynamodb.destroy();
    efs.destroy();
  }
}
