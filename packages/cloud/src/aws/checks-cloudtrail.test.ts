// A trail whose status could not be read gives no CloudTrail verdict: the scan is partial instead.
import type { Trail } from '@aws-sdk/client-cloudtrail';
import { describe, expect, it } from 'vitest';
import { runChecks } from './checks.ts';
import type { AwsInventory } from './inventory.ts';

const CHECKS = ['aws_cloudtrail_no_trail', 'aws_cloudtrail_multi_region_off'];
const trail = (name: string, multiRegion: boolean): Trail => ({
  Name: name,
  TrailARN: `arn:aws:cloudtrail:us-east-1:111122223333:trail/${name}`,
  IsMultiRegionTrail: multiRegion,
  LogFileValidationEnabled: true,
  HomeRegion: 'us-east-1',
});
const inventory = (trails: { trail: Trail; logging: boolean | undefined }[]): AwsInventory => ({
  account: '111122223333',
  now: new Date(),
  regions: [{ region: 'us-east-1', trails }],
  global: {},
});

describe('CloudTrail checks with unknown trail status', () => {
  it('finds no logging trail only when every trail is known to be stopped', () => {
    const stopped = runChecks(inventory([{ trail: trail('a', true), logging: false }]), CHECKS);
    expect(stopped.map((f) => f.checkId)).toEqual(['aws_cloudtrail_no_trail']);
    expect(runChecks(inventory([{ trail: trail('a', true), logging: undefined }]), CHECKS)).toEqual(
      [],
    );
  });

  it('does not call a logging single-region trail the only one while a multi-region trail is unknown', () => {
    const single = { trail: trail('local', false), logging: true };
    expect(runChecks(inventory([single]), CHECKS).map((f) => f.checkId)).toEqual([
      'aws_cloudtrail_multi_region_off',
    ]);
    expect(
      runChecks(inventory([single, { trail: trail('org', true), logging: undefined }]), CHECKS),
    ).toEqual([]);
  });
});
