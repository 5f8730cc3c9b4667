import { describe, expect, it } from 'vitest';
import { cloudMuteRule } from '@/features/cloud/cloud-test-data';
import { describeMatch, toMuteRuleBody } from '@/features/cloud/mute-rule-body';

const form = {
  checkId: ' aws_s3_bucket_policy_public ',
  resourcePattern: '',
  tag: '',
  account: '',
  region: 'eu-west-1',
  reason: ' Public website bucket ',
  expiresOn: '2027-01-31',
};

describe('toMuteRuleBody', () => {
  it('trims, leaves blank match fields out and expires at the end of the day in UTC', () => {
    expect(toMuteRuleBody(form)).toEqual({
      checkId: 'aws_s3_bucket_policy_public',
      region: 'eu-west-1',
      reason: 'Public website bucket',
      expiresAt: '2027-01-31T23:59:59Z',
    });
  });

  it('sends no date when none was picked, so the schema asks for one', () => {
    expect(toMuteRuleBody({ ...form, expiresOn: '' }).expiresAt).toBe('');
  });
});

describe('describeMatch', () => {
  it('names the fields a rule matches', () => {
    const rule = cloudMuteRule({ checkId: 'aws_s3_bucket_policy_public', region: 'eu-west-1' });
    expect(describeMatch(rule)).toBe('Check ID aws_s3_bucket_policy_public, Region eu-west-1');
  });
});
