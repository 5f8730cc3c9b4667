// AWS detective-service checks, one finding per scanned region where the service is off.
import type { CheckMeta } from '../types.ts';
import { ACCESS_REVIEW, AUDIT_LOGGING, THREAT_DETECTION } from './frameworks.ts';

type Meta = Omit<CheckMeta, 'provider' | 'resourceType'>;
const regional = (m: Meta): CheckMeta => ({ provider: 'aws', resourceType: 'aws_region', ...m });

export const AWS_DETECTION_CHECKS: CheckMeta[] = [
  regional({
    id: 'aws_guardduty_off',
    service: 'guardduty',
    title: 'GuardDuty is not enabled',
    severity: 'medium',
    description: 'The region has no enabled GuardDuty detector.',
    risk: 'Credential theft, crypto-mining and calls from known-bad addresses in the region raise no finding.',
    remediation: 'Enable GuardDuty in every region (delegated administrator for an organization).',
    cli: 'aws guardduty create-detector --enable --region <region>',
    frameworks: THREAT_DETECTION,
  }),
  regional({
    id: 'aws_securityhub_off',
    service: 'securityhub',
    title: 'Security Hub is not enabled',
    severity: 'medium',
    description: 'The account is not subscribed to AWS Security Hub in the region.',
    risk: 'Findings of GuardDuty, Inspector, Macie and the security standards are not gathered or tracked in the region.',
    remediation: 'Enable Security Hub with the AWS Foundational Security Best Practices standard.',
    cli: 'aws securityhub enable-security-hub --enable-default-standards --region <region>',
    frameworks: THREAT_DETECTION,
  }),
  regional({
    id: 'aws_config_recorder_off',
    service: 'config',
    title: 'AWS Config is not recording every resource',
    severity: 'medium',
    description:
      'No AWS Config recorder in the region is recording, or none records all supported resource types (CIS AWS 3.3).',
    risk: 'Configuration changes leave no history: an investigation cannot tell what a resource looked like, or when it changed.',
    remediation:
      'Create a recorder for all supported resource types, a delivery channel, and start it.',
    cli: 'aws configservice put-configuration-recorder --configuration-recorder name=default,roleARN=<role-arn> --recording-group allSupported=true,includeGlobalResourceTypes=true && aws configservice start-configuration-recorder --configuration-recorder-name default',
    frameworks: AUDIT_LOGGING,
  }),
  regional({
    id: 'aws_accessanalyzer_off',
    service: 'accessanalyzer',
    title: 'IAM Access Analyzer is not enabled',
    severity: 'low',
    description: 'The region has no active IAM Access Analyzer analyzer (CIS AWS 1.20).',
    risk: 'Buckets, keys, roles and queues shared outside the account or organization go unnoticed.',
    remediation: 'Create an analyzer for the account (or the organization) in every region.',
    cli: 'aws accessanalyzer create-analyzer --analyzer-name account --type ACCOUNT --region <region>',
    frameworks: ACCESS_REVIEW,
  }),
];
