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
