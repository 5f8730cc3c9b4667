import { describe, expect, it } from 'vitest';
import { cloudFinding, cloudScan } from '@/features/cloud/cloud-test-data';
import {
  activeScans,
  callOutcomes,
  groupGaps,
  latestResults,
  progressPercent,
  progressText,
  resultRecommendations,
  scanTitle,
  visibleFindings,
} from '@/features/cloud/scan-results';

const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('latestResults and activeScans', () => {
  // Newest first, as the API lists them.
  const scans = [
    cloudScan({ id: uuid(4), connectionId: uuid(8), status: 'running' }),
    cloudScan({ id: uuid(3), connectionId: uuid(8), status: 'partial' }),
    cloudScan({ id: uuid(2), connectionId: uuid(9), status: 'error' }),
    cloudScan({ id: uuid(1), connectionId: uuid(8), status: 'failed' }),
  ];

  it('keeps the newest finished scan of each connection', () => {
    expect(latestResults(scans).map((s) => s.id)).toEqual([uuid(3), uuid(2)]);
  });

  it('lists the queued and running scans oldest first', () => {
    const queued = cloudScan({ id: uuid(5), status: 'queued' });
    expect(activeScans([queued, ...scans]).map((s) => s.id)).toEqual([uuid(4), uuid(5)]);
  });
});

describe('progressPercent', () => {
  it('is done/total rounded, 0 before the total is known, never over 100', () => {
    expect(progressPercent({ done: 0, total: 0, phase: 'starting' })).toBe(0);
    expect(progressPercent({ done: 1, total: 3, phase: 'ec2' })).toBe(33);
    expect(progressPercent({ done: 5, total: 4, phase: 'ec2' })).toBe(100);
  });
});

describe('progressText', () => {
  it('says queued, then the phase, with done/total once known', () => {
    const progress = { done: 3, total: 9, phase: 'ec2' };
    expect(progressText({ status: 'queued', progress })).toBe('Queued');
    expect(progressText({ status: 'running', progress: { ...progress, total: 0 } })).toBe('ec2');
    expect(progressText({ status: 'running', progress })).toBe('ec2 · 3/9');
  });
});

describe('findings of a result', () => {
  const low = cloudFinding({
    id: uuid(1),
    severity: 'low',
    title: 'Low',
    recommendations: ['c', 'd'],
  });
  const critical = cloudFinding({
    id: uuid(2),
    severity: 'critical',
    title: 'Critical',
    recommendations: ['a', 'b'],
  });
  const muted = cloudFinding({
    id: uuid(3),
    severity: 'critical',
    title: 'Muted',
    status: 'muted',
    recommendations: ['m'],
  });
  const high = cloudFinding({
    id: uuid(4),
    severity: 'high',
    title: 'High',
    recommendations: ['b', 'e'],
  });

  it('shows the most severe first and hides muted findings unless asked', () => {
    expect(visibleFindings([low, muted, critical], false).map((f) => f.title)).toEqual([
      'Critical',
      'Low',
    ]);
    expect(visibleFindings([low, muted, critical], true).map((f) => f.title)).toEqual([
      'Critical',
      'Muted',
      'Low',
    ]);
  });

  it('takes the first 3 distinct recommendations of the unmuted findings, most severe first', () => {
    expect(resultRecommendations([low, muted, high, critical])).toEqual(['a', 'b', 'e']);
  });
});

describe('groupGaps', () => {
  it('groups failed calls by service and region with each unevaluated check once', () => {
    const gap = { message: null, checks: ['aws_ec2_sg_open_ssh'] };
    const groups = groupGaps([
      {
        ...gap,
        service: 'ec2',
        region: 'eu-west-1',
        operation: 'DescribeSecurityGroups',
        outcome: 'denied',
      },
      {
        ...gap,
        service: 's3',
        region: 'us-east-1',
        operation: 'GetBucketPolicy',
        outcome: 'timeout',
        checks: ['aws_s3_bucket_policy_public'],
      },
      {
        ...gap,
        service: 'ec2',
        region: 'eu-west-1',
        operation: 'DescribeInstances',
        outcome: 'throttled',
      },
    ]);
    expect(groups).toEqual([
      {
        service: 'ec2',
        region: 'eu-west-1',
        calls: [
          { operation: 'DescribeSecurityGroups', outcome: 'denied', message: null },
          { operation: 'DescribeInstances', outcome: 'throttled', message: null },
        ],
        checks: ['aws_ec2_sg_open_ssh'],
      },
      {
        service: 's3',
        region: 'us-east-1',
        calls: [{ operation: 'GetBucketPolicy', outcome: 'timeout', message: null }],
        checks: ['aws_s3_bucket_policy_public'],
      },
    ]);
  });
});

describe('callOutcomes', () => {
  it('lists only the outcomes that happened, in the contract order', () => {
    expect(
      callOutcomes({ total: 12, ok: 10, denied: 0, throttled: 1, timeout: 0, error: 1 }),
    ).toEqual([
      { outcome: 'ok', count: 10 },
      { outcome: 'throttled', count: 1 },
      { outcome: 'error', count: 1 },
    ]);
  });
});

describe('scanTitle', () => {
  it('names the provider once', () => {
    expect(scanTitle({ provider: 'aws', connectionName: 'AWS 123456789012' })).toBe(
      'AWS 123456789012',
    );
    expect(scanTitle({ provider: 'gcp', connectionName: 'Production' })).toBe('GCP · Production');
  });
});
