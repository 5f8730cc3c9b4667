// Collects one region's detective services: GuardDuty detectors, the Security Hub subscription,
// AWS Config recorders with their status, and IAM Access Analyzer analyzers.
import { AccessAnalyzerClient, ListAnalyzersCommand } from '@aws-sdk/client-accessanalyzer';
import {
  ConfigServiceClient,
  DescribeConfigurationRecorderStatusCommand,
  DescribeConfigurationRecordersCommand,
} from '@aws-sdk/client-config-service';
import {
  GetDetectorCommand,
  GuardDutyClient,
  ListDetectorsCommand,
} from '@aws-sdk/client-guardduty';
import { DescribeHubCommand, SecurityHubClient } from '@aws-sdk/client-securityhub';
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

export async function collectDetection(
  ctx: CollectContext,
  region: string,
): Promise<Partial<RegionInventory>> {
  const guardduty = awsClient(GuardDutyClient, ctx.target, region);
  const hub = awsClient(SecurityHubClient, ctx.target, region);
  const config = awsClient(ConfigServiceClient, ctx.target, region);
  const analyzer = awsClient(AccessAnalyzerClient, ctx.target, region);
  try {
    const [guardDuty, securityHub, configRecorders, analyzers] = await Promise.all([
      collectDetectors(ctx, guardduty, region),
      collect(
        ctx,
        specsOf('securityhub', region)('DescribeHub', ['aws_securityhub_off']),
        (abortSignal) =>
          hub
            .send(new DescribeHubCommand({}), { abortSignal })
            // Not subscribed: Security Hub answers InvalidAccessException.
            .then(
              (r) => r.HubArn ?? null,
              absentOn('InvalidAccessException', 'ResourceNotFoundException'),
            ),
      ),
      collectRecorders(ctx, config, region),
      collectPages(
        ctx,
        specsOf('access-analyzer', region)('ListAnalyzers', ['aws_accessanalyzer_off']),
        async (nextToken, abortSignal) => {
          const r = await analyzer.send(new ListAnalyzersCommand({ nextToken }), { abortSignal });
          return {
            items: (r.analyzers ?? []).map((a) => ({
              arn: a.arn ?? '',
              name: a.name ?? '',
              status: a.status ?? '',
            })),
            next: r.nextToken,
          };
        },
      ),
    ]);
    return { guardDuty, securityHub, configRecorders, analyzers };
  } finally {
    for (const client of [guardduty, hub, config, analyzer]) client.destroy();
  }
}

async function collectDetectors(ctx: CollectContext, guardduty: GuardDutyClient, region: string) {
  const spec = specsOf('guardduty', region);
  const checks = ['aws_guardduty_off'];
  const ids = await collectPages(
    ctx,
    spec('ListDetectors', checks),
    async (NextToken, abortSignal) => {
      const r = await guardduty.send(new ListDetectorsCommand({ NextToken }), { abortSignal });
      return { items: r.DetectorIds, next: r.NextToken };
    },
  );
  if (!ids) return undefined;
  const detectors = await mapLimit(ids, ctx.concurrency, async (DetectorId) => {
    const d = await collect(ctx, spec('GetDetector', checks), (abortSignal) =>
      guardduty.send(new GetDetectorCommand({ DetectorId }), { abortSignal }),
    );
    return d && { id: DetectorId, enabled: d.Status === 'ENABLED' };
  });
  // A detector whose status could not be read leaves no verdict (its gap says why).
  return detectors.every(Boolean) ? detectors.filter((d) => d !== undefined) : undefined;
}

async function collectRecorders(ctx: CollectContext, config: ConfigServiceClient, region: string) {
  const spec = specsOf('config', region);
  const checks = ['aws_config_recorder_off'];
  const [recorders, statuses] = await Promise.all([
    collect(ctx, spec('DescribeConfigurationRecorders', checks), async (abortSignal) => {
      const r = await config.send(new DescribeConfigurationRecordersCommand({}), { abortSignal });
      return r.ConfigurationRecorders ?? [];
    }),
    collect(ctx, spec('DescribeConfigurationRecorderStatus', checks), async (abortSignal) => {
      const r = await config.send(new DescribeConfigurationRecorderStatusCommand({}), {
        abortSignal,
      });
      return r.ConfigurationRecordersStatus ?? [];
    }),
  ]);
  if (!recorders || !statuses) return undefined;
  return recorders.map((recorder) => ({
    recorder,
    status: statuses.find((s) => s.name === recorder.name),
  }));
}
