// KMS keys, secrets, SNS topics, SQS queues and Lambda functions against real moto state: each
// misconfigured resource is found beside a clean look-alike that is not. Function URLs, which moto
// does not list, come from recorded ListFunctionUrlConfigs answers.
import { CreateRoleCommand } from '@aws-sdk/client-iam';
import {
  CreateKeyCommand,
  EnableKeyRotationCommand,
  KMSClient,
  PutKeyPolicyCommand,
} from '@aws-sdk/client-kms';
import { AddPermissionCommand, CreateFunctionCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  CreateSecretCommand,
  RotateSecretCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { CreateTopicCommand, SetTopicAttributesCommand, SNSClient } from '@aws-sdk/client-sns';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { found, type MotoAccount, REGION, startMotoAccount } from '../testing/aws-account.ts';
import { startFaultProxy } from '../testing/fault-proxy.ts';
import { listFunctionUrlConfigs } from '../testing/recorded-answers.ts';
import { awsScanner } from './scanner.ts';

let aws: MotoAccount;
beforeAll(async () => {
  aws = await startMotoAccount();
});
afterAll(() => aws?.stop());

const ACCOUNT = '123456789012';
const policy = (Action: string, Resource: string, Condition?: Record<string, unknown>) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Principal: '*', Action, Resource, ...(Condition ? { Condition } : {}) },
    ],
  });
const FROM_ORG = { StringEquals: { 'aws:PrincipalOrgID': 'o-abc123' } };

describe('KMS keys and secrets', () => {
  it('finds a key that does not rotate, not one that does', async () => {
    const kms = aws.client(KMSClient);
    const still = await kms.send(new CreateKeyCommand({ Description: 'still' }));
    const turning = await kms.send(new CreateKeyCommand({ Description: 'turning' }));
    await kms.send(new EnableKeyRotationCommand({ KeyId: turning.KeyMetadata?.KeyId }));
    const check = 'aws_kms_key_rotation_off';
    const ids = found(await aws.scan([check]), check);
    expect(ids).toContain(still.KeyMetadata?.Arn);
    expect(ids).not.toContain(turning.KeyMetadata?.Arn);
  });

  it('finds a key policy that allows anyone, not one limited to the organization', async () => {
    const kms = aws.client(KMSClient);
    const open = await kms.send(new CreateKeyCommand({ Description: 'open' }));
    const org = await kms.send(new CreateKeyCommand({ Description: 'org' }));
    for (const [key, condition] of [
      [open, undefined],
      [org, FROM_ORG],
    ] as const)
      await kms.send(
        new PutKeyPolicyCommand({
          KeyId: key.KeyMetadata?.KeyId,
          PolicyName: 'default',
          Policy: policy('kms:Decrypt', '*', condition),
        }),
      );
    const check = 'aws_kms_key_policy_public';
    expect(found(await aws.scan([check]), check)).toEqual([open.KeyMetadata?.Arn]);
  });

  it('finds a secret without rotation, not a rotated one', async () => {
    const sm = aws.client(SecretsManagerClient);
    const plain = await sm.send(
      new CreateSecretCommand({ Name: 'db-password', SecretString: 'x' }),
    );
    const rotated = await sm.send(new CreateSecretCommand({ Name: 'api-key', SecretString: 'y' }));
    await sm.send(
      new RotateSecretCommand({
        SecretId: 'api-key',
        RotationRules: { AutomaticallyAfterDays: 30 },
      }),
    );
    const check = 'aws_secretsmanager_rotation_off';
    const ids = found(await aws.scan([check]), check);
    expect(ids).toContain(plain.ARN);
    expect(ids).not.toContain(rotated.ARN);
  });
});

describe('SNS and SQS', () => {
  it('finds unencrypted and public topics, not encrypted or conditioned ones', async () => {
    const sns = aws.client(SNSClient);
    const bare = await sns.send(new CreateTopicCommand({ Name: 'alerts' }));
    const sealed = await sns.send(
      new CreateTopicCommand({ Name: 'billing', Attributes: { KmsMasterKeyId: 'alias/aws/sns' } }),
    );
    for (const [topic, condition] of [
      [bare, undefined],
      [sealed, FROM_ORG],
    ] as const)
      await sns.send(
        new SetTopicAttributesCommand({
          TopicArn: topic.TopicArn,
          AttributeName: 'Policy',
          AttributeValue: policy('sns:Subscribe', topic.TopicArn as string, condition),
        }),
      );
    const result = await aws.scan(['aws_sns_topic_unencrypted', 'aws_sns_topic_public']);
    expect(found(result, 'aws_sns_topic_unencrypted')).toEqual([bare.TopicArn]);
    expect(found(result, 'aws_sns_topic_public')).toEqual([bare.TopicArn]);
  });

  it('finds unencrypted and public queues, not encrypted or conditioned ones', async () => {
    const sqs = aws.client(SQSClient);
    const arnOf = (name: string) => `arn:aws:sqs:us-east-1:${ACCOUNT}:${name}`;
    const bare = await sqs.send(
      new CreateQueueCommand({
        QueueName: 'jobs',
        Attributes: { SqsManagedSseEnabled: 'false', Policy: policy('sqs:*', arnOf('jobs')) },
      }),
    );
    await sqs.send(
      new CreateQueueCommand({
        QueueName: 'events',
        Attributes: {
          SqsManagedSseEnabled: 'true',
          Policy: policy('sqs:SendMessage', arnOf('events'), FROM_ORG),
        },
      }),
    );
    await sqs.send(
      new CreateQueueCommand({
        QueueName: 'ledger',
        Attributes: { KmsMasterKeyId: 'alias/aws/sqs' },
      }),
    );
    const attributes = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: bare.QueueUrl, AttributeNames: ['QueueArn'] }),
    );
    expect(attributes.Attributes?.QueueArn).toBe(arnOf('jobs'));
    const result = await aws.scan(['aws_sqs_queue_unencrypted', 'aws_sqs_queue_public']);
    expect(found(result, 'aws_sqs_queue_unencrypted')).toEqual([arnOf('jobs')]);
    expect(found(result, 'aws_sqs_queue_public')).toEqual([arnOf('jobs')]);
  });
});

describe('Lambda functions', () => {
  it('finds a URL without auth and a policy open to anyone, not IAM-auth URLs or a policy naming its source', async () => {
    const role = await aws.iam.send(
      new CreateRoleCommand({
        RoleName: 'fn',
        AssumeRolePolicyDocument: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { Service: 'lambda.amazonaws.com' },
              Action: 'sts:AssumeRole',
            },
          ],
        }),
      }),
    );
    const lambda = aws.client(LambdaClient);
    const fn = (FunctionName: string) =>
      lambda.send(
        new CreateFunctionCommand({
          FunctionName,
          Runtime: 'nodejs20.x',
          Role: role.Role?.Arn,
          Handler: 'index.handler',
          Code: { ZipFile: new TextEncoder().encode('not run by these tests') },
        }),
      );
    const hook = await fn('hook');
    const internal = await fn('internal');
    await lambda.send(
      new AddPermissionCommand({
        FunctionName: 'hook',
        StatementId: 'anyone',
        Action: 'lambda:InvokeFunction',
        Principal: '*',
      }),
    );
    await lambda.send(
      new AddPermissionCommand({
        FunctionName: 'internal',
        StatementId: 'bucket-events',
        Action: 'lambda:InvokeFunction',
        Principal: 's3.amazonaws.com',
        SourceArn: 'arn:aws:s3:::uploads',
      }),
    );
    // moto has no ListFunctionUrlConfigs: its answers are recorded ones, through the proxy.
    const proxy = await startFaultProxy(
      aws.moto.endpoint,
      [],
      [listFunctionUrlConfigs({ hook: 'NONE', internal: 'AWS_IAM' }, REGION, ACCOUNT)],
    );
    const [result] = await awsScanner
      .scan(
        { ...aws.credentials, endpoint: proxy.endpoint },
        { checks: ['aws_lambda_function_url_public', 'aws_lambda_function_public'] },
      )
      .finally(() => proxy.close());
    if (!result) throw new Error('no result');
    expect(result.gaps).toEqual([]);
    expect(found(result, 'aws_lambda_function_url_public')).toEqual([hook.FunctionArn]);
    expect(found(result, 'aws_lambda_function_public')).toEqual([hook.FunctionArn]);
    expect(found(result, 'aws_lambda_function_public')).not.toContain(internal.FunctionArn);
  });
});
