// DynamoDB, EFS, ECR, CloudWatch Logs and load balancer listeners against real moto state: each
// misconfigured resource is found beside a clean look-alike that is not. HTTPS listeners carry an
// IAM server certificate: moto looks certificates up, and ACM is not a dependency of the package.
import {
  CloudWatchLogsClient,
  CreateLogGroupCommand,
  PutRetentionPolicyCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import {
  CreateTableCommand,
  DynamoDBClient,
  UpdateContinuousBackupsCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateSubnetCommand, CreateVpcCommand } from '@aws-sdk/client-ec2';
import {
  CreateRepositoryCommand,
  ECRClient,
  SetRepositoryPolicyCommand,
} from '@aws-sdk/client-ecr';
import { CreateFileSystemCommand, EFSClient } from '@aws-sdk/client-efs';
import {
  CreateListenerCommand,
  CreateLoadBalancerCommand,
  CreateTargetGroupCommand,
  ElasticLoadBalancingV2Client,
  ModifyListenerCommand,
  ModifyLoadBalancerAttributesCommand,
} from '@aws-sdk/client-elastic-load-balancing-v2';
import { UploadServerCertificateCommand } from '@aws-sdk/client-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { found, type MotoAccount, REGION, startMotoAccount } from '../testing/aws-account.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';

describe('DynamoDB and EFS', () => {
  it('finds a table without point-in-time recovery, not one with it', async () => {
    const db = aws.client(DynamoDBClient);
    for (const TableName of ['sessions', 'orders'])
      await db.send(
        new CreateTableCommand({
          TableName,
          AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
    await db.send(
      new UpdateContinuousBackupsCommand({
        TableName: 'orders',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    );
    const check = 'aws_dynamodb_pitr_off';
    expect(found(await aws.scan([check]), check)).toEqual([
      `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/sessions`,
    ]);
  });

  it('finds an unencrypted file system, not an encrypted one', async () => {
    const efs = aws.client(EFSClient);
    const plain = await efs.send(new CreateFileSystemCommand({ CreationToken: 'plain' }));
    await efs.send(new CreateFileSystemCommand({ CreationToken: 'sealed', Encrypted: true }));
    const check = 'aws_efs_unencrypted';
    expect(found(await aws.scan([check]), check)).toEqual([plain.FileSystemArn]);
  });
});

describe('ECR and CloudWatch Logs', () => {
  it('finds repositories that do not scan, take tag overwrites or are open to anyone, not a hardened one', async () => {
    const ecr = aws.client(ECRClient);
    const loose = await ecr.send(new CreateRepositoryCommand({ repositoryName: 'loose' }));
    const tight = await ecr.send(
      new CreateRepositoryCommand({
        repositoryName: 'tight',
        imageScanningConfiguration: { scanOnPush: true },
        imageTagMutability: 'IMMUTABLE',
      }),
    );
    const pull = (Condition?: Record<string, unknown>) =>
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'pull',
            Effect: 'Allow',
            Principal: '*',
            Action: ['ecr:BatchGetImage', 'ecr:GetDownloadUrlForLayer'],
            ...(Condition ? { Condition } : {}),
          },
        ],
      });
    await ecr.send(new SetRepositoryPolicyCommand({ repositoryName: 'loose', policyText: pull() }));
    await ecr.send(
      new SetRepositoryPolicyCommand({
        repositoryName: 'tight',
        policyText: pull({ StringEquals: { 'aws:PrincipalOrgID': 'o-abc123' } }),
      }),
    );
    const checks = [
      'aws_ecr_scan_on_push_off',
      'aws_ecr_tags_mutable',
      'aws_ecr_repository_public',
    ];
    const result = await aws.scan(checks);
    for (const check of checks)
      expect(found(result, check), check).toEqual([loose.repository?.repositoryArn]);
    expect(JSON.stringify(result.findings)).not.toContain(tight.repository?.repositoryArn);
  });

  it('finds short retention and log groups without a KMS key, not a year-long or endless one', async () => {
    const logs = aws.client(CloudWatchLogsClient);
    const key = `arn:aws:kms:${REGION}:${ACCOUNT}:key/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0`;
    await logs.send(new CreateLogGroupCommand({ logGroupName: 'app-short' }));
    await logs.send(
      new PutRetentionPolicyCommand({ logGroupName: 'app-short', retentionInDays: 30 }),
    );
    await logs.send(new CreateLogGroupCommand({ logGroupName: 'app-year', kmsKeyId: key }));
    await logs.send(
      new PutRetentionPolicyCommand({ logGroupName: 'app-year', retentionInDays: 400 }),
    );
    await logs.send(new CreateLogGroupCommand({ logGroupName: 'app-forever', kmsKeyId: key }));
    const result = await aws.scan(['aws_logs_retention_short', 'aws_logs_group_unencrypted']);
    const named = (check: string) =>
      result.findings
        .filter((f) => f.checkId === check)
        .map((f) => f.resourceId.split(':log-group:')[1]);
    expect(named('aws_logs_retention_short').map((n) => n?.replace(/:\*$/, ''))).toEqual([
      'app-short',
    ]);
    expect(named('aws_logs_group_unencrypted').map((n) => n?.replace(/:\*$/, ''))).toEqual([
      'app-short',
    ]);
  });
});

describe('load balancer listeners', () => {
  it('finds plain HTTP and TLS 1.0 listeners, not an HTTPS redirect or a TLS 1.2+ listener, and load balancers without logs or deletion protection', async () => {
    const elb = aws.client(ElasticLoadBalancingV2Client);
    const vpc = await aws.ec2.send(new CreateVpcCommand({ CidrBlock: '10.40.0.0/16' }));
    const subnets = await Promise.all(
      ['a', 'b'].map((zone, i) =>
        aws.ec2.send(
          new CreateSubnetCommand({
            VpcId: vpc.Vpc?.VpcId,
            CidrBlock: `10.40.${i}.0/24`,
            AvailabilityZone: `${REGION}${zone}`,
          }),
        ),
      ),
    );
    const lb = await elb.send(
      new CreateLoadBalancerCommand({
        Name: 'web',
        Subnets: subnets.map((s) => s.Subnet?.SubnetId as string),
      }),
    );
    const LoadBalancerArn = lb.LoadBalancers?.[0]?.LoadBalancerArn;
    const group = await elb.send(
      new CreateTargetGroupCommand({
        Name: 'app',
        Protocol: 'HTTP',
        Port: 8080,
        VpcId: vpc.Vpc?.VpcId,
      }),
    );
    const forward = [
      { Type: 'forward' as const, TargetGroupArn: group.TargetGroups?.[0]?.TargetGroupArn },
    ];
    const uploaded = await aws.iam.send(
      new UploadServerCertificateCommand({
        ServerCertificateName: 'web',
        CertificateBody: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        PrivateKey: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----',
      }),
    );
    const certificate = [{ CertificateArn: uploaded.ServerCertificateMetadata?.Arn }];
    const listener = async (Port: number, extra: Record<string, unknown> = {}) => {
      const made = await elb.send(
        new CreateListenerCommand({
          LoadBalancerArn,
          Port,
          Protocol: 'HTTP',
          DefaultActions: forward,
        }),
      );
      const ListenerArn = made.Listeners?.[0]?.ListenerArn;
      // moto takes an IAM server certificate when a listener is modified to HTTPS.
      if (Object.keys(extra).length)
        await elb.send(new ModifyListenerCommand({ ListenerArn, ...extra }));
      return ListenerArn;
    };
    const plain = await listener(8080);
    const redirect = await listener(80, {
      DefaultActions: [
        {
          Type: 'redirect',
          RedirectConfig: { Protocol: 'HTTPS', Port: '443', StatusCode: 'HTTP_301' },
        },
      ],
    });
    const old = await listener(8443, {
      Protocol: 'HTTPS',
      SslPolicy: 'ELBSecurityPolicy-2016-08',
      Certificates: certificate,
    });
    const modern = await listener(443, {
      Protocol: 'HTTPS',
      SslPolicy: 'ELBSecurityPolicy-TLS13-1-2-2021-06',
      Certificates: certificate,
    });
    const result = await aws.scan(['aws_elbv2_listener_no_tls', 'aws_elbv2_listener_weak_tls']);
    expect(found(result, 'aws_elbv2_listener_no_tls')).toEqual([plain]);
    expect(found(result, 'aws_elbv2_listener_weak_tls')).toEqual([old]);
    expect(
      [redirect, modern].filter((arn) => JSON.stringify(result.findings).includes(arn ?? '-')),
    ).toEqual([]);

    const guarded = await elb.send(
      new CreateLoadBalancerCommand({
        Name: 'api',
        Subnets: subnets.map((s) => s.Subnet?.SubnetId as string),
      }),
    );
    await elb.send(
      new ModifyLoadBalancerAttributesCommand({
        LoadBalancerArn: guarded.LoadBalancers?.[0]?.LoadBalancerArn,
        Attributes: [
          { Key: 'access_logs.s3.enabled', Value: 'true' },
          { Key: 'access_logs.s3.bucket', Value: 'lb-logs' },
          { Key: 'deletion_protection.enabled', Value: 'true' },
        ],
      }),
    );
    const checks = ['aws_elbv2_logging_off', 'aws_elbv2_deletion_protection_off'];
    const attributes = await aws.scan(checks);
    for (const check of checks) expect(found(attributes, check), check).toEqual([LoadBalancerArn]);
  });
});
