// AWS IAM access checks: who holds administrator access and how, managed policies attached to
// users, roles anyone can assume, and a role for AWS Support.
import type { CheckMeta } from '../types.ts';
import { INCIDENT_RESPONSE, PRIVILEGED_ACCESS } from './frameworks.ts';

type Meta = Omit<CheckMeta, 'provider' | 'service'>;
const iam = (m: Meta): CheckMeta => ({ provider: 'aws', service: 'iam', ...m });

export const AWS_IAM_ACCESS_CHECKS: CheckMeta[] = [
  iam({
    id: 'aws_iam_admin_access',
    resourceType: 'iam_principal',
    title: 'IAM principal has administrator access',
    severity: 'critical',
    description:
      'A user, group or role is allowed Action "*" (or "*:*") on Resource "*": through an inline policy, a customer-managed policy, the AWS-managed AdministratorAccess, or, for a user, a group that has one of these (CIS AWS 1.16). A Condition on the statement does not exempt it.',
    risk: 'Whoever acts as the principal can do anything in the account: read every secret, delete every backup and remove every other control, including this scan.',
    remediation:
      'Replace the grant with policies that allow only the actions the principal needs; keep break-glass administrator roles few, MFA-gated and watched.',
    cli: 'aws iam detach-user-policy --user-name <user> --policy-arn <arn>  (or detach-group-policy / detach-role-policy / delete-user-policy / delete-group-policy / delete-role-policy)',
    frameworks: PRIVILEGED_ACCESS,
  }),
  iam({
    id: 'aws_iam_user_attached_policies',
    resourceType: 'iam_user',
    title: 'IAM user has managed policies attached directly',
    severity: 'low',
    description:
      'Managed policies are attached to the user rather than to a group or role (CIS AWS 1.15).',
    risk: 'Permissions granted user by user escape group-level review and linger after a change of job.',
    remediation: 'Attach the policies to groups, add the user to them, then detach from the user.',
    cli: 'aws iam detach-user-policy --user-name <user> --policy-arn <arn>',
    frameworks: PRIVILEGED_ACCESS,
  }),
  iam({
    id: 'aws_iam_role_trust_public',
    resourceType: 'iam_role',
    title: 'IAM role can be assumed by anyone',
    severity: 'critical',
    description:
      'The role\u2019s trust policy allows Principal "*" (any AWS account) to assume it, with no condition.',
    risk: 'Any AWS customer anywhere can take the role\u2019s permissions in this account.',
    remediation:
      'Name the accounts, services or identity providers that may assume the role, or add a condition (sts:ExternalId, aws:PrincipalOrgID).',
    cli: 'aws iam update-assume-role-policy --role-name <role> --policy-document file://trust.json',
    frameworks: PRIVILEGED_ACCESS,
  }),
  iam({
    id: 'aws_iam_support_role_missing',
    resourceType: 'aws_account',
    title: 'No role can manage incidents with AWS Support',
    severity: 'medium',
    description: 'No IAM role has the AWS-managed AWSSupportAccess policy attached (CIS AWS 1.17).',
    risk: 'During an incident nobody can open or follow a case with AWS without using the root user or broad rights.',
    remediation: 'Create a role for the support team and attach AWSSupportAccess to it.',
    cli: 'aws iam attach-role-policy --role-name <support-role> --policy-arn arn:aws:iam::aws:policy/AWSSupportAccess',
    frameworks: INCIDENT_RESPONSE,
  }),
];
