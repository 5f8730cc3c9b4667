// Detective services per region against real moto state (GuardDuty, Security Hub, AWS Config) and,
// for IAM Access Analyzer, which moto lacks, recorded ListAnalyzers answers through the proxy.
import {
  ConfigServiceClient,
  PutConfigurationRecorderCommand,
  PutDeliveryChannelCommand,
  StartConfigurationRecorderCommand,
} from '@aws-sdk/client-config-service';
import { CreateDetectorCommand, GuardDutyClient } from '@aws-sdk/client-guardduty';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { EnableSecurityHubCommand, SecurityHubClient } from '@aws-sdk/client-securityhub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { found, type MotoAccount, REGION, startMotoAccount } from '../testing/aws-account.ts';
import { type FaultProxy, startFaultProxy } from '../testing/fault-proxy.ts';
import { listAnalyzers } from '../testing/recorded-answers.ts';
import { awsScanner } from './scanner.ts';

const ACCOUNT = '123456789012';
const OTHER = 'eu-west-1';
const REGIONS = [REGION, OTHER];
const regionArn = (service: string, region: string) => `arn:aws:${service}:${region}:${ACCOUNT}`;

let aws: MotoAccount;
let proxy: FaultProxy;
let analyzers: { name: string; status: string }[] = [];
beforeAll(async () => {
  aws = await startMotoAccount();
  proxy = await startFaultProxy(
    aws.moto.endpoint,
    [],
    [listAnalyzers(() => analyzers, REGION, ACCOUNT)],
  );
});
afterAll(async () => {
  await proxy?.close();
  await aws?.stop();
});

const inRegion = <C>(Client: new (config: object) => C, region: string) =>
  new Client({ region, endpoint: aws.moto.endpoint, credentials: aws.credentials });

describe('detective services', () => {
  it('finds GuardDuty off where there is no detector or only a suspended one, not where one is enabled', async () => {
    const check = 'aws_guardduty_off';
    const eu = inRegion(GuardDutyClient, OTHER);
    await aws.client(GuardDutyClient).send(new CreateDetectorCommand({ Enable: true }));
    expect(found(await aws.scan([check], { regions: REGIONS }), check)).toEqual([
      regionArn('guardduty', OTHER),
    ]);
    await eu.send(new CreateDetectorCommand({ Enable: false }));
    const suspended = await aws.scan([check], { regions: REGIONS });
    expect(found(suspended, check)).toEqual([regionArn('guardduty', OTHER)]);
    expect(suspended.findings[0]?.detail).toContain('suspended');
    eu.destroy();
  });

  it('finds Security Hub off in the region that is not subscribed', async () => {
    const check = 'aws_securityhub_off';
    await aws.client(SecurityHubClient).send(new EnableSecurityHubCommand({}));
    const result = await aws.scan([check], { regions: REGIONS });
    expect(found(result, check)).toEqual([regionArn('securityhub', OTHER)]);
    expect(result.gaps).toEqual([]);
  });

  it('finds AWS Config off until a recorder of every resource type records', async () => {
    const check = 'aws_config_recorder_off';
    const config = aws.client(ConfigServiceClient);
    expect(found(await aws.scan([check]), check)).toEqual([regionArn('config', REGION)]);
    const recorder = (allSupported: boolean) =>
      config.send(
        new PutConfigurationRecorderCommand({
          ConfigurationRecorder: {
            name: 'default',
            roleARN: `arn:aws:iam::${ACCOUNT}:role/config`,
            recordingGroup: allSupported
              ? { allSupported: true, includeGlobalResourceTypes: true }
              : { allSupported: false, resourceTypes: ['AWS::S3::Bucket'] },
          },
        }),
      );
    await recorder(false);
    await aws.s3.send(new CreateBucketCommand({ Bucket: 'config-history' }));
    await config.send(
      new PutDeliveryChannelCommand({
        DeliveryChannel: { name: 'default', s3BucketName: 'config-history' },
      }),
    );
    await config.send(
      new StartConfigurationRecorderCommand({ ConfigurationRecorderName: 'default' }),
    );
    // Recording, but only buckets: still a finding.
    expect(found(await aws.scan([check]), check)).toEqual([regionArn('config', REGION)]);
    await recorder(true);
    expect(found(await aws.scan([check]), check)).toEqual([]);
  });

  it('finds Access Analyzer off with no analyzer or one not active, from recorded answers', async () => {
    const check = 'aws_accessanalyzer_off';
    const scan = async () => {
      const [result] = await awsScanner.scan(
        { ...aws.credentials, endpoint: proxy.endpoint },
        { checks: [check], sleep: async () => {} },
      );
      return result;
    };
    analyzers = [];
    const none = await scan();
    expect(none?.findings.map((f) => f.resourceId)).toEqual([regionArn('access-analyzer', REGION)]);
    expect(none?.calls.find((c) => c.operation === 'ListAnalyzers')?.outcome).toBe('ok');
    analyzers = [{ name: 'account', status: 'CREATING' }];
    expect((await scan())?.findings).toHaveLength(1);
    analyzers = [{ name: 'account', status: 'ACTIVE' }];
    expect((await scan())?.findings).toEqual([]);
  });
});
