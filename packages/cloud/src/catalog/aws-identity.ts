// AWS identity checks: the root user, IAM users, their keys and passwords, policies.
import type { CheckMeta } from '../types.ts';
import { ACCESS_REVIEW, AUTHENTICATION, PRIVILEGED_ACCESS } from './frameworks.ts';

type Meta = Omit<CheckMeta, 'provider' | 'service'>;
const iam = (m: Meta): CheckMeta => ({ provider: 'aws', service: 'iam', ...m });

/** Age past which access keys and unused credentials are findings, in days (CIS AWS 1.12, 1.14). */
export const CREDENTIAL_MAX_AGE_DAYS = 90;

/** A root sign-in or key use this recent is a finding (CIS AWS 1.7: no daily use of root). */
export const ROOT_RECENT_DAYS = 7;

export const AWS_IDENTITY_CHECKS: CheckMeta[] = [
  iam({
    id: 'aws_iam_root_used_recently',
    resourceType: 'aws_account',
    title: 'Root user was used recently',
    severity: 'high',
    description: `The credential report shows the root user's password or an access key used within the last ${ROOT_RECENT_DAYS} days (CIS AWS 1.7).`,
    risk: 'Everyday work as root runs without any IAM guard rail; a phished session or leaked key owns the whole account.',
    remediation:
      'Do daily work through IAM roles (IAM Identity Center); keep root for the few tasks only it can do, and find out who used it.',
    cli: 'aws iam generate-credential-report && aws iam get-credential-report --query Content --output text | base64 -d | head -2',
    frameworks: PRIVILEGED_ACCESS,
  }),
  iam({
    id: 'aws_iam_root_access_keys',
    resourceType: 'aws_account',
    title: 'Root user has access keys',
    severity: 'critical',
    description: 'The root user of the account has at least one access key.',
    risk: 'A leaked root key gives unrestricted control of the account, beyond any IAM policy.',
    remediation: 'Delete the root access keys; use IAM roles for programmatic access.',
    cli: 'Sign in as root, open Security credentials and delete the access keys (no CLI exists for root keys).',
    frameworks: PRIVILEGED_ACCESS,
  }),
  iam({
    id: 'aws_iam_root_mfa_off',
    resourceType: 'aws_account',
    title: 'Root user has no MFA',
    severity: 'critical',
    description: 'The root user signs in with a password alone.',
    risk: 'A phished or reused root password gives full control of the account.',
    remediation: 'Register a hardware or virtual MFA device for the root user.',
    cli: 'Sign in as root, open Security credentials and assign an MFA device.',
    frameworks: AUTHENTICATION,
  }),
  iam({
    id: 'aws_iam_root_hardware_mfa_off',
    resourceType: 'aws_account',
    title: 'Root user MFA is a virtual device',
    severity: 'high',
    description:
      'The root user has MFA, but on a virtual (phone app) device rather than a hardware key (CIS AWS 1.6).',
    risk: 'A virtual device lives on a phone that is lost, backed up to the cloud or phished along with the password.',
    remediation:
      'Replace the root user\u2019s virtual MFA with a hardware security key (FIDO2) kept in a safe.',
    cli: 'Sign in as root, open Security credentials, remove the virtual MFA device and assign a hardware key.',
    frameworks: AUTHENTICATION,
  }),
  iam({
    id: 'aws_iam_user_console_no_mfa',
    resourceType: 'iam_user',
    title: 'IAM user with a console password has no MFA',
    severity: 'high',
    description: 'The user can sign in to the console with a password and has no MFA device.',
    risk: 'A guessed, phished or reused password is enough to sign in as the user.',
    remediation: 'Enforce MFA for the user, or remove the console password.',
    cli: 'aws iam enable-mfa-device --user-name <user> --serial-number <arn> --authentication-code1 <code> --authentication-code2 <code>',
    frameworks: AUTHENTICATION,
  }),
  iam({
    id: 'aws_iam_access_key_old',
    resourceType: 'iam_access_key',
    title: 'Active access key not rotated in 90 days',
    severity: 'medium',
    description: `An active access key was created or last rotated more than ${CREDENTIAL_MAX_AGE_DAYS} days ago.`,
    risk: 'Long-lived keys leak through code, logs and laptops and stay valid.',
    remediation: 'Create a new key, move its users to it, then deactivate and delete the old one.',
    cli: 'aws iam update-access-key --user-name <user> --access-key-id <key-id> --status Inactive',
    frameworks: AUTHENTICATION,
  }),
  iam({
    id: 'aws_iam_user_two_active_keys',
    resourceType: 'iam_user',
    title: 'IAM user has two active access keys',
    severity: 'low',
    description:
      'Both access key slots of the user are active (CIS AWS 1.13: one active key per user).',
    risk: 'A second key is usually a rotation left half done: the old key stays valid wherever it leaked.',
    remediation: 'Move every client to one key, then deactivate and delete the other.',
    cli: 'aws iam update-access-key --user-name <user> --access-key-id <older-key-id> --status Inactive',
    frameworks: AUTHENTICATION,
  }),
  iam({
    id: 'aws_iam_credentials_unused',
    resourceType: 'iam_user',
    title: 'IAM credentials unused for 90 days',
    severity: 'medium',
    description: `A password or active access key has not been used in ${CREDENTIAL_MAX_AGE_DAYS} days or more.`,
    risk: 'Dormant credentials are nobody’s to watch and remain a way in.',
    remediation: 'Remove the unused password and deactivate the unused keys.',
    cli: 'aws iam delete-login-profile --user-name <user>',
    frameworks: ACCESS_REVIEW,
  }),
  iam({
    id: 'aws_iam_policy_admin',
    resourceType: 'iam_policy',
    title: 'IAM policy grants *:* (full administrator)',
    severity: 'high',
    description:
      'A customer-managed policy allows Action "*" (or "*:*") on Resource "*", attached or not; who holds it is aws_iam_admin_access.',
    risk: 'Whoever holds it can do anything in the account, including removing every other control.',
    remediation: 'Replace it with policies that grant only the actions the holders need.',
    cli: 'aws iam create-policy-version --policy-arn <arn> --policy-document file://least-privilege.json --set-as-default',
    frameworks: PRIVILEGED_ACCESS,
  }),
  iam({
    id: 'aws_iam_password_policy_weak',
    resourceType: 'aws_account',
    title: 'IAM password policy is missing or weak',
    severity: 'medium',
    description:
      'The account has no password policy, or it allows passwords shorter than 14 characters, without all character classes, or reused within 24 changes (CIS AWS 1.8, 1.9).',
    risk: 'Short and reused passwords are guessed or sprayed.',
    remediation: 'Set a password policy: 14+ characters, all character classes, 24 remembered.',
    cli: 'aws iam update-account-password-policy --minimum-password-length 14 --require-symbols --require-numbers --require-uppercase-characters --require-lowercase-characters --password-reuse-prevention 24',
    frameworks: AUTHENTICATION,
  }),
  iam({
    id: 'aws_iam_password_policy_no_expiry',
    resourceType: 'aws_account',
    title: 'IAM passwords do not expire within 90 days',
    severity: 'low',
    description: `The account has no password policy, or it lets passwords live longer than ${CREDENTIAL_MAX_AGE_DAYS} days (CIS AWS 1.11 of v1.2; NIST SP 800-63B prefers rotation on compromise, so weigh it against MFA).`,
    risk: 'A password that leaked stays valid until someone notices.',
    remediation: `Set a maximum password age of ${CREDENTIAL_MAX_AGE_DAYS} days or less, or rely on MFA for every console user and record why.`,
    cli: `aws iam update-account-password-policy --max-password-age ${CREDENTIAL_MAX_AGE_DAYS} <the other settings of the current policy>`,
    frameworks: AUTHENTICATION,
  }),
  iam({
    id: 'aws_iam_user_inline_policy',
    resourceType: 'iam_user',
    title: 'IAM user has inline policies',
    severity: 'low',
    description: 'Permissions are attached to the user as inline policies.',
    risk: 'Inline grants per user escape review and drift from group and role baselines.',
    remediation: 'Move the permissions to managed policies attached to groups or roles.',
    cli: 'aws iam delete-user-policy --user-name <user> --policy-name <policy>',
    frameworks: PRIVILEGED_ACCESS,
  }),
];
