// Collects one region's CloudTrail trails, each with whether it is logging.
import { DescribeTrailsCommand, GetTrailStatusCommand } from '@aws-sdk/client-cloudtrail';
import { AWS_LOGGING_CHECKS } from '../catalog/aws-logging.ts';
import { type CollectContext, collect, mapLimit, specsOf } from './calling.ts';
import { cloudTrailClient } from './clients.ts';
import type { RegionInventory } from './inventory.ts';

const TRAIL_CHECKS = AWS_LOGGING_CHECKS.filter((c) => c.service === 'cloudtrail').map((c) => c.id);

export async function collectCloudTrail(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const client = cloudTrailClient(ctx.target, region);
  const spec = specsOf('cloudtrail', region);
  try {
    // Shadow trails (multi-region trails seen from other regions) are kept, so that a trail whose
    // home region was not scanned still counts; its status is read by ARN, as AWS requires.
    const list = await collect(ctx, spec('DescribeTrails', TRAIL_CHECKS), async (abortSignal) => {
      const r = await client.send(new DescribeTrailsCommand({ includeShadowTrails: true }), {
        abortSignal,
      });
      return r.trailList ?? [];
    });
    if (!list) return {};
    const trails = await mapLimit(list, ctx.concurrency, async (trail) => {
      const status = await collect(ctx, spec('GetTrailStatus', TRAIL_CHECKS), (abortSignal) =>
        client.send(new GetTrailStatusCommand({ Name: trail.TrailARN ?? trail.Name }), {
          abortSignal,
        }),
      );
      return { trail, logging: status?.IsLogging };
    });
    return { trails };
  } finally {
    client.destroy();
  }
}
