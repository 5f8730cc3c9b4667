// AWS checks of keys, secrets, messaging and functions: KMS rotation and key policies, Secrets
// Manager rotation, SNS and SQS encryption and access, Lambda function URLs and policies.
import type { CheckMeta } from '../types.ts';
import { AUTHENTICATION, ENCRYPTION_AT_REST, NETWORK_EXPOSURE, PUBLIC_DATA } from './frameworks.ts';

type Meta = Omit<CheckMeta, 'provider'>;
const aws = (m: Meta): CheckMeta => ({ provider: 'aws', ...m });

export const AWS_DATA_SERVICE_CHECKS: CheckMeta[] = [
  aws({
    id: 'aws_kms_key_rotation_off',
    service: 'kms',
    resourceType: 'kms_key',
    title: 'KMS key does not rotate',
    severity: 'medium',
    description:
      'An enabled customer-managed symmetric key has automatic key rotation off (CIS AWS 3.6).',
    risk: 'One key material protects years of data: a compromise of it exposes everything ever encrypted with it.',
    remediation: 'Enable automatic rotation of the key (yearly, or a shorter period).',
    cli: 'aws kms enable-key-rotation --key-id <key-id>',
    frameworks: ENCRYPTION_AT_REST,
  }),
  aws({
    id: 'aws_kms_key_policy_public',
    service: 'kms',
    resourceType: 'kms_key',
    title: 'KMS key policy allows anyone',
    severity: 'critical',
    description: 'The key policy has a statement that allows Principal "*" with no condition.',
    risk: 'Any AWS account can use the key, and with kms:Decrypt read whatever it protects.',
    remediation:
      'Name the accounts and roles that may use the key, or add a condition (aws:PrincipalOrgID).',
    cli: 'aws kms put-key-policy --key-id <key-id> --policy-name default --policy file://key-policy.json',
    frameworks: PUBLIC_DATA,
  }),
  aws({
    id: 'aws_secretsmanager_rotation_off',
    service: 'secretsmanager',
    resourceType: 'secret',
    title: 'Secret is not rotated automatically',
    severity: 'medium',
    description: 'The Secrets Manager secret has no rotation configured.',
    risk: 'A password or key that leaked once stays valid until someone changes it by hand.',
    remediation:
      'Configure rotation with a rotation function (managed rotation for RDS and others).',
    cli: 'aws secretsmanager rotate-secret --secret-id <secret> --rotation-lambda-arn <function-arn> --rotation-rules AutomaticallyAfterDays=30',
    frameworks: AUTHENTICATION,
  }),
  aws({
    id: 'aws_sns_topic_unencrypted',
    service: 'sns',
    resourceType: 'sns_topic',
    title: 'SNS topic is not encrypted at rest',
    severity: 'medium',
    description:
      'The topic has no KMS key (KmsMasterKeyId): messages are stored without server-side encryption.',
    risk: 'Message contents, often notifications with personal or operational data, are stored without a key you control.',
    remediation: 'Set a KMS key on the topic (alias/aws/sns or a customer-managed key).',
    cli: 'aws sns set-topic-attributes --topic-arn <arn> --attribute-name KmsMasterKeyId --attribute-value alias/aws/sns',
    frameworks: ENCRYPTION_AT_REST,
  }),
  aws({
    id: 'aws_sns_topic_public',
    service: 'sns',
    resourceType: 'sns_topic',
    title: 'SNS topic policy allows anyone',
    severity: 'high',
    description: 'The topic policy has a statement that allows Principal "*" with no condition.',
    risk: 'Any AWS account can publish to or subscribe to the topic: spoofed alerts, or a copy of every message.',
    remediation:
      'Limit the policy to the accounts and services that publish and subscribe, or add a condition.',
    cli: 'aws sns set-topic-attributes --topic-arn <arn> --attribute-name Policy --attribute-value file://topic-policy.json',
    frameworks: PUBLIC_DATA,
  }),
  aws({
    id: 'aws_sqs_queue_unencrypted',
    service: 'sqs',
    resourceType: 'sqs_queue',
    title: 'SQS queue is not encrypted at rest',
    severity: 'medium',
    description: 'The queue has neither a KMS key nor SQS-managed encryption (SSE-SQS).',
    risk: 'Messages waiting in the queue are stored unencrypted.',
    remediation: 'Turn on SSE-SQS, or set a KMS key on the queue.',
    cli: 'aws sqs set-queue-attributes --queue-url <url> --attributes SqsManagedSseEnabled=true',
    frameworks: ENCRYPTION_AT_REST,
  }),
  aws({
    id: 'aws_sqs_queue_public',
    service: 'sqs',
    resourceType: 'sqs_queue',
    title: 'SQS queue policy allows anyone',
    severity: 'critical',
    description: 'The queue policy has a statement that allows Principal "*" with no condition.',
    risk: 'Any AWS account can send, read or delete the queue\u2019s messages.',
    remediation:
      'Limit the policy to the accounts and services that use the queue, or add a condition (aws:SourceArn).',
    cli: 'aws sqs set-queue-attributes --queue-url <url> --attributes file://queue-policy.json',
    frameworks: PUBLIC_DATA,
  }),
  aws({
    id: 'aws_lambda_function_url_public',
    service: 'lambda',
    resourceType: 'lambda_function',
    title: 'Lambda function URL needs no authentication',
    severity: 'high',
    description:
      'The function has a function URL with AuthType NONE: anyone on the internet can invoke it.',
    risk: 'The function runs for any caller with its role\u2019s permissions: abuse, data exposure and cost.',
    remediation:
      'Set the URL\u2019s AuthType to AWS_IAM, or put the function behind API Gateway with an authorizer.',
    cli: 'aws lambda update-function-url-config --function-name <function> --auth-type AWS_IAM',
    frameworks: NETWORK_EXPOSURE,
  }),
  aws({
    id: 'aws_lambda_function_public',
    service: 'lambda',
    resourceType: 'lambda_function',
    title: 'Lambda function policy allows anyone',
    severity: 'critical',
    description: 'The function\u2019s resource policy allows Principal "*" with no condition.',
    risk: 'Any AWS account can invoke the function (or change it, if the policy allows more).',
    remediation:
      'Remove the statement, or name the caller (a service with aws:SourceArn, an account).',
    cli: 'aws lambda remove-permission --function-name <function> --statement-id <sid>',
    frameworks: PUBLIC_DATA,
  }),
];
