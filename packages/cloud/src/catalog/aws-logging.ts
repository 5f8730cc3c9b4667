// AWS audit-logging checks: CloudTrail and VPC flow logs.
import type { CheckMeta } from '../types.ts';
import { AUDIT_LOGGING } from './frameworks.ts';

type Meta = Omit<CheckMeta, 'provider' | 'frameworks'>;
const logging = (m: Meta): CheckMeta => ({ provider: 'aws', frameworks: AUDIT_LOGGING, ...m });

export const AWS_LOGGING_CHECKS: CheckMeta[] = [
  logging({
    id: 'aws_cloudtrail_no_trail',
    service: 'cloudtrail',
    resourceType: 'aws_account',
    title: 'No CloudTrail trail is logging',
    severity: 'high',
    description: 'No trail in the scanned regions is logging management events.',
    risk: 'API activity, including an attacker’s, leaves no durable record beyond 90 days of event history.',
    remediation: 'Create a multi-region trail that logs to a protected bucket, and start it.',
    cli: 'aws cloudtrail create-trail --name org-trail --s3-bucket-name <bucket> --is-multi-region-trail && aws cloudtrail start-logging --name org-trail',
  }),
  logging({
    id: 'aws_cloudtrail_multi_region_off',
    service: 'cloudtrail',
    resourceType: 'aws_account',
    title: 'No multi-region CloudTrail trail',
    severity: 'medium',
    description: 'Trails exist, but none that is logging covers every region.',
    risk: 'Activity in regions without a trail, a favourite of attackers, goes unrecorded.',
    remediation: 'Make a logging trail multi-region.',
    cli: 'aws cloudtrail update-trail --name <trail> --is-multi-region-trail',
  }),
  logging({
    id: 'aws_cloudtrail_log_validation_off',
    service: 'cloudtrail',
    resourceType: 'cloudtrail_trail',
    title: 'CloudTrail log file validation is off',
    severity: 'low',
    description: 'The trail writes no digest files to prove its logs unchanged.',
    risk: 'Logs altered or deleted after delivery cannot be detected.',
    remediation: 'Enable log file validation on the trail.',
    cli: 'aws cloudtrail update-trail --name <trail> --enable-log-file-validation',
  }),
  logging({
    id: 'aws_cloudtrail_bucket_public',
    service: 'cloudtrail',
    resourceType: 'cloudtrail_trail',
    title: 'CloudTrail log bucket is public',
    severity: 'critical',
    description:
      'The S3 bucket the trail writes to has a policy statement allowing Principal "*" with no condition, or an ACL grant to everyone (CIS AWS 3.3 of v1.5).',
    risk: 'Anyone can read the account\u2019s API history: who has which keys, which resources exist, how to move through them.',
    remediation:
      'Remove the public statements and grants of the log bucket and turn on its Block Public Access.',
    cli: 'aws s3api put-public-access-block --bucket <log-bucket> --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true',
  }),
  logging({
    id: 'aws_cloudtrail_kms_off',
    service: 'cloudtrail',
    resourceType: 'cloudtrail_trail',
    title: 'CloudTrail logs are not encrypted with a KMS key',
    severity: 'medium',
    description:
      'The trail writes its log files with S3-managed encryption only, not SSE-KMS (CIS AWS 3.5).',
    risk: 'Anyone who can read the log bucket reads the account\u2019s whole API history; a KMS key adds a second, audited permission.',
    remediation:
      'Give the trail a customer-managed KMS key whose policy lets CloudTrail encrypt and your auditors decrypt.',
    cli: 'aws cloudtrail update-trail --name <trail> --kms-key-id <key-arn>',
  }),
  logging({
    id: 'aws_cloudtrail_cloudwatch_off',
    service: 'cloudtrail',
    resourceType: 'cloudtrail_trail',
    title: 'CloudTrail trail does not send events to CloudWatch Logs',
    severity: 'low',
    description:
      'The trail has no CloudWatch Logs log group (CIS AWS 3.4), so no metric filter or alarm can watch it.',
    risk: 'Root sign-ins, policy changes and disabled logging raise no alarm; they are found, if at all, in S3 later.',
    remediation: 'Send the trail to a CloudWatch Logs log group with a role CloudTrail can assume.',
    cli: 'aws cloudtrail update-trail --name <trail> --cloud-watch-logs-log-group-arn <log-group-arn> --cloud-watch-logs-role-arn <role-arn>',
  }),
  logging({
    id: 'aws_vpc_flow_logs_off',
    service: 'ec2',
    resourceType: 'vpc',
    title: 'VPC flow logs are off',
    severity: 'medium',
    description: 'The VPC has no active flow log.',
    risk: 'Connections to and from the VPC leave no record for detection or investigation.',
    remediation: 'Create a flow log for the VPC to CloudWatch Logs or S3.',
    cli: 'aws ec2 create-flow-logs --resource-type VPC --resource-ids <vpc-id> --traffic-type ALL --log-destination-type s3 --log-destination <bucket-arn>',
  }),
];
