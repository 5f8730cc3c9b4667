// AWS platform checks: DynamoDB and EFS data protection, ECR registries, CloudWatch Logs, and
// Elastic Load Balancing listeners.
import type { CheckMeta } from '../types.ts';
import {
  AUDIT_LOGGING,
  BACKUP_INTEGRITY,
  ENCRYPTION_AT_REST,
  ENCRYPTION_IN_TRANSIT,
  PUBLIC_DATA,
  RESILIENCE,
  SECURE_CONFIGURATION,
  VULNERABILITY_MANAGEMENT,
} from './frameworks.ts';

/** Log groups that keep events for fewer days than this are a finding (a year of history). */
export const LOG_MIN_RETENTION_DAYS = 365;

type Meta = Omit<CheckMeta, 'provider'>;
const aws = (m: Meta): CheckMeta => ({ provider: 'aws', ...m });

export const AWS_PLATFORM_CHECKS: CheckMeta[] = [
  aws({
    id: 'aws_dynamodb_pitr_off',
    service: 'dynamodb',
    resourceType: 'dynamodb_table',
    title: 'DynamoDB table has no point-in-time recovery',
    severity: 'medium',
    description: 'Continuous backups (point-in-time recovery) are off for the table.',
    risk: 'A bad write, a faulty deploy or a deletion of items cannot be rolled back to the second before it.',
    remediation: 'Enable point-in-time recovery on the table.',
    cli: 'aws dynamodb update-continuous-backups --table-name <table> --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true',
    frameworks: BACKUP_INTEGRITY,
  }),
  aws({
    id: 'aws_efs_unencrypted',
    service: 'efs',
    resourceType: 'efs_file_system',
    title: 'EFS file system is not encrypted at rest',
    severity: 'medium',
    description:
      'The file system was created without encryption at rest (it cannot be turned on later).',
    risk: 'Files and their backups are stored without a key you control.',
    remediation:
      'Create an encrypted file system, copy the data across (AWS DataSync), and delete the old one.',
    cli: 'aws efs create-file-system --encrypted --kms-key-id <key-id> --creation-token <token>',
    frameworks: ENCRYPTION_AT_REST,
  }),
  aws({
    id: 'aws_ecr_scan_on_push_off',
    service: 'ecr',
    resourceType: 'ecr_repository',
    title: 'ECR repository does not scan images on push',
    severity: 'medium',
    description: 'Images pushed to the repository are not scanned for known vulnerabilities.',
    risk: 'Images with known vulnerable packages are deployed without anyone being told.',
    remediation: 'Turn on scan on push (or enhanced scanning for the registry).',
    cli: 'aws ecr put-image-scanning-configuration --repository-name <repo> --image-scanning-configuration scanOnPush=true',
    frameworks: VULNERABILITY_MANAGEMENT,
  }),
  aws({
    id: 'aws_ecr_tags_mutable',
    service: 'ecr',
    resourceType: 'ecr_repository',
    title: 'ECR repository tags are mutable',
    severity: 'low',
    description: 'A push can overwrite an existing image tag (imageTagMutability MUTABLE).',
    risk: 'A tag that was reviewed and deployed can silently point to other code tomorrow.',
    remediation: 'Make tags immutable and deploy by digest.',
    cli: 'aws ecr put-image-tag-mutability --repository-name <repo> --image-tag-mutability IMMUTABLE',
    frameworks: SECURE_CONFIGURATION,
  }),
  aws({
    id: 'aws_ecr_repository_public',
    service: 'ecr',
    resourceType: 'ecr_repository',
    title: 'ECR repository policy allows anyone',
    severity: 'critical',
    description:
      'The repository policy has a statement that allows Principal "*" with no condition.',
    risk: 'Any AWS account can pull the images (and the secrets baked into them), or push if the policy allows it.',
    remediation: 'Name the accounts that may pull, or add a condition (aws:PrincipalOrgID).',
    cli: 'aws ecr set-repository-policy --repository-name <repo> --policy-text file://repo-policy.json',
    frameworks: PUBLIC_DATA,
  }),
  aws({
    id: 'aws_logs_retention_short',
    service: 'logs',
    resourceType: 'log_group',
    title: `Log group keeps events for less than ${LOG_MIN_RETENTION_DAYS} days`,
    severity: 'medium',
    description: `The log group's retention is set below ${LOG_MIN_RETENTION_DAYS} days (no setting keeps events forever).`,
    risk: 'Evidence of an intrusion found months later is already gone.',
    remediation: `Set the retention to ${LOG_MIN_RETENTION_DAYS} days or more (or export to S3 with a lifecycle).`,
    cli: `aws logs put-retention-policy --log-group-name <group> --retention-in-days ${LOG_MIN_RETENTION_DAYS}`,
    frameworks: AUDIT_LOGGING,
  }),
  aws({
    id: 'aws_logs_group_unencrypted',
    service: 'logs',
    resourceType: 'log_group',
    title: 'Log group is not encrypted with a KMS key',
    severity: 'low',
    description:
      'The log group uses the service\u2019s default encryption, with no KMS key of yours.',
    risk: 'Logs often carry tokens and personal data; access to them is governed by IAM alone, with no key policy or key audit trail.',
    remediation: 'Associate a customer-managed KMS key with the log group.',
    cli: 'aws logs associate-kms-key --log-group-name <group> --kms-key-id <key-arn>',
    frameworks: ENCRYPTION_AT_REST,
  }),
  aws({
    id: 'aws_elbv2_logging_off',
    service: 'elbv2',
    resourceType: 'load_balancer',
    title: 'Load balancer writes no access logs',
    severity: 'medium',
    description: 'Access logging to S3 is off for the Application or Network Load Balancer.',
    risk: 'Requests to the application, attacks included, leave no record outside the application itself.',
    remediation: 'Turn on access logs to an S3 bucket the load balancer may write to.',
    cli: 'aws elbv2 modify-load-balancer-attributes --load-balancer-arn <arn> --attributes Key=access_logs.s3.enabled,Value=true Key=access_logs.s3.bucket,Value=<bucket>',
    frameworks: AUDIT_LOGGING,
  }),
  aws({
    id: 'aws_elbv2_deletion_protection_off',
    service: 'elbv2',
    resourceType: 'load_balancer',
    title: 'Load balancer has no deletion protection',
    severity: 'low',
    description: 'The load balancer can be deleted by anyone allowed to call DeleteLoadBalancer.',
    risk: 'A mistaken or malicious delete takes the application off the internet and loses its DNS name.',
    remediation: 'Enable deletion protection.',
    cli: 'aws elbv2 modify-load-balancer-attributes --load-balancer-arn <arn> --attributes Key=deletion_protection.enabled,Value=true',
    frameworks: RESILIENCE,
  }),
  aws({
    id: 'aws_elbv2_listener_no_tls',
    service: 'elbv2',
    resourceType: 'elb_listener',
    title: 'Load balancer listener serves without TLS',
    severity: 'medium',
    description:
      'An Application Load Balancer listener serves plain HTTP (one that only redirects to HTTPS is fine; Network Load Balancer TCP listeners may carry their own TLS and are not judged).',
    risk: 'Credentials, cookies and data cross the network readable and alterable by anyone on the path.',
    remediation:
      'Serve HTTPS or TLS with an ACM certificate, and turn the HTTP listener into a redirect to HTTPS.',
    cli: 'aws elbv2 modify-listener --listener-arn <arn> --default-actions Type=redirect,RedirectConfig="{Protocol=HTTPS,Port=443,StatusCode=HTTP_301}"',
    frameworks: ENCRYPTION_IN_TRANSIT,
  }),
  aws({
    id: 'aws_elbv2_listener_weak_tls',
    service: 'elbv2',
    resourceType: 'elb_listener',
    title: 'Load balancer listener accepts TLS 1.0 or 1.1',
    severity: 'medium',
    description:
      'The listener\u2019s security policy allows TLS versions older than 1.2 (RFC 8996 deprecates them).',
    risk: 'Clients can be pushed down to protocol versions with known weaknesses.',
    remediation: 'Use a TLS 1.2+ security policy, e.g. ELBSecurityPolicy-TLS13-1-2-2021-06.',
    cli: 'aws elbv2 modify-listener --listener-arn <arn> --ssl-policy ELBSecurityPolicy-TLS13-1-2-2021-06',
    frameworks: ENCRYPTION_IN_TRANSIT,
  }),
];
