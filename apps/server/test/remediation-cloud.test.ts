// A cloud finding remediated through the API against moto_server (a real AWS API on loopback):
// a scan finds a security group open to the internet on SSH → dry run with the API call →
// approve (typed acknowledgement) → the rule revoked and the check clean → rollback → open again.
import {
  AuthorizeSecurityGroupIngressCommand,
  CreateSecurityGroupCommand,
  DescribeSecurityGroupsCommand,
  EC2Client,
} from '@aws-sdk/client-ec2';
import type { TVulnerability } from '@netguard/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MotoServer } from '../../../packages/cloud/src/testing/moto.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { configuredScanners } from '../src/modules/cloud/cloud.scanners.ts';
import { startWorkers, type Workers } from '../src/workers.ts';
import { SECRET, scanAndWait, startMotoWithUser } from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { call, waitExecution } from './remediation-helpers.ts';

let moto: MotoServer;
let ctx: TestContext;
let workers: Workers;
let admin: Account;
let ec2: EC2Client;
let groupId = '';

beforeAll(async () => {
  const started = await startMotoWithUser('fixer');
  moto = started.moto;
  const { keys } = started;
  ec2 = new EC2Client(started.aws);
  const group = await ec2.send(
    new CreateSecurityGroupCommand({ GroupName: 'bastion', Description: 'SSH for admins' }),
  );
  groupId = group.GroupId as string;
  await ec2.send(
    new AuthorizeSecurityGroupIngressCommand({
      GroupId: groupId,
      IpPermissions: [
        { IpProtocol: 'tcp', FromPort: 22, ToPort: 22, IpRanges: [{ CidrIp: '0.0.0.0/0' }] },
      ],
    }),
  );
  const endpoints = { aws: moto.endpoint };
  const scanners = configuredScanners(endpoints);
  ctx = await createTestApp({ CLOUD_AWS_ENDPOINT: moto.endpoint }, { cloudScanners: scanners });
  workers = await startWorkers({
    url: ctx.url,
    settings: loadConfig({ SCAN_ALLOWED_RANGES: '127.0.0.0/8' }).scans,
    log: createLogger('silent'),
    cloud: { secret: SECRET, scanners, endpoints },
  });
  admin = await createAccount(ctx, 'remediation-cloud@example.com', 'Enterprise');
  const connected = await call(ctx, admin, 'POST', '/api/cloud/connections', {
    provider: 'aws',
    credentials: keys,
  });
  expect(connected.statusCode, connected.body).toBe(201);
}, 90_000);
afterAll(async () => {
  ec2?.destroy();
  await workers?.stop();
  await ctx?.close();
  await moto?.stop();
});

const openSshRanges = async () => {
  const out = await ec2.send(new DescribeSecurityGroupsCommand({ GroupIds: [groupId] }));
  return (out.SecurityGroups?.[0]?.IpPermissions ?? [])
    .filter((p) => p.FromPort === 22)
    .flatMap((p) => (p.IpRanges ?? []).map((r) => r.CidrIp));
};

describe('revoke a security group rule open to the internet', () => {
  it('goes scan → dry run → approve → verified → rollback through the API', async () => {
    await scanAndWait(ctx, admin);
    const list = await call(ctx, admin, 'GET', `/api/vulnerabilities?state=open&search=${groupId}`);
    const vuln = (list.json().items as TVulnerability[]).find(
      (v) => v.check_id === 'aws_ec2_sg_open_ssh',
    );
    expect(vuln, list.body).toBeDefined();
    const actions = await call(
      ctx,
      admin,
      'GET',
      `/api/remediation/actions?vulnerabilityId=${vuln?.id}`,
    );
    expect(actions.json().actions.map((a: { id: string }) => a.id)).toEqual([
      'aws-revoke-open-ingress',
    ]);

    const started = await call(ctx, admin, 'POST', '/api/remediation/executions', {
      vulnerabilityId: vuln?.id,
      actionId: 'aws-revoke-open-ingress',
    });
    expect(started.statusCode, started.body).toBe(202);
    const proposed = await waitExecution(ctx, admin, started.json().id, ['proposed', 'failed']);
    expect(proposed.status, proposed.error ?? '').toBe('proposed');
    expect(proposed.dryRun?.apiCalls?.map((c) => c.call)).toEqual([
      'ec2:RevokeSecurityGroupIngress',
    ]);
    expect(proposed.dryRun?.diffs[0]?.diff).toContain('-');
    expect(await openSshRanges()).toEqual(['0.0.0.0/0']);

    const approved = await call(
      ctx,
      admin,
      'POST',
      `/api/remediation/executions/${proposed.id}/approve`,
      {
        acknowledgement: proposed.target,
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await waitExecution(ctx, admin, proposed.id, [
      'verified',
      'failed_verification',
      'failed',
    ]);
    expect(done.status, done.error ?? '').toBe('verified');
    expect(await openSshRanges()).toEqual([]);
    const state = await ctx.db.execute(
      sql`select state::text from vulnerabilities where id = ${vuln?.id as string}`,
    );
    expect(state.rows).toEqual([{ state: 'fixed' }]);

    await call(ctx, admin, 'POST', `/api/remediation/executions/${proposed.id}/rollback`);
    const back = await waitExecution(ctx, admin, proposed.id, ['rolled_back', 'failed']);
    expect(back.status, back.error ?? '').toBe('rolled_back');
    expect(back.rollbackVerification).toMatchObject({ fixed: false });
    expect(await openSshRanges()).toEqual(['0.0.0.0/0']);
  }, 120_000);
});
