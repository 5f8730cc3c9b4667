// Collects one region's RDS instances and manual snapshots (with their restore permission).
import {
  DescribeDBInstancesCommand,
  DescribeDBSnapshotAttributesCommand,
  DescribeDBSnapshotsCommand,
} from '@aws-sdk/client-rds';
import { AWS_DATABASE_CHECKS } from '../catalog/aws-databases.ts';
import { type CollectContext, collect, collectPages, mapLimit, specsOf } from './calling.ts';
import { rdsClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

const INSTANCE_CHECKS = [
  'aws_rds_instance_public',
  'aws_rds_instance_unencrypted',
  ...AWS_DATABASE_CHECKS.filter((c) => c.resourceType === 'rds_instance').map((c) => c.id),
];
const SNAPSHOT_CHECKS = ['aws_rds_snapshot_public'];
const SNAPSHOT_LIST_CHECKS = [...SNAPSHOT_CHECKS, 'aws_rds_snapshot_unencrypted'];

export async function collectRds(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const rds = rdsClient(ctx.target, region);
  const spec = specsOf('rds', region);
  try {
    const [dbInstances, owned] = await Promise.all([
      collectPages(
        ctx,
        spec('DescribeDBInstances', INSTANCE_CHECKS),
        async (Marker, abortSignal) => {
          const r = await rds.send(new DescribeDBInstancesCommand({ Marker }), { abortSignal });
          return { items: r.DBInstances, next: r.Marker };
        },
      ),
      collectPages(
        ctx,
        spec('DescribeDBSnapshots', SNAPSHOT_LIST_CHECKS),
        async (Marker, abortSignal) => {
          const r = await rds.send(
            new DescribeDBSnapshotsCommand({ SnapshotType: 'manual', Marker }),
            { abortSignal },
          );
          return { items: r.DBSnapshots, next: r.Marker };
        },
      ),
    ]);
    const dbSnapshots =
      owned &&
      (await mapLimit(owned, ctx.concurrency, async (snapshot) => {
        const attributes = await collect(
          ctx,
          spec('DescribeDBSnapshotAttributes', SNAPSHOT_CHECKS),
          async (abortSignal) => {
            const r = await rds.send(
              new DescribeDBSnapshotAttributesCommand({
                DBSnapshotIdentifier: snapshot.DBSnapshotIdentifier,
              }),
              { abortSignal },
            );
            return r.DBSnapshotAttributesResult?.DBSnapshotAttributes ?? [];
          },
        );
        const restore = attributes?.find((a) => a.AttributeName === 'restore');
        return {
          snapshot,
          public: attributes && Boolean(restore?.AttributeValues?.includes('all')),
        };
      }));
    return { dbInstances, dbSnapshots };
  } finally {
    rds.destroy();
  }
}
