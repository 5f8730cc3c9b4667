// IAM: the root user's keys and MFA, users' MFA, key age, unused credentials, administrator
// policies, the password policy and inline user policies.
import { CREDENTIAL_MAX_AGE_DAYS as MAX_DAYS, ROOT_RECENT_DAYS } from '../catalog/aws-identity.ts';
import { type AwsCheck, adminStatements, daysSince, type Hit } from './check.ts';
import type { AwsInventory, CredentialRow } from './inventory.ts';

const ROOT = '<root_account>';
const KEY_SLOTS = [1, 2] as const;

const rootArn = (inv: AwsInventory) => `arn:aws:iam::${inv.account}:root`;

/** A report date, when the column holds one (not N/A, no_information, not_supported). */
const dateIn = (row: CredentialRow, column: string) =>
  /^\d{4}-/.test(row[column] ?? '') ? row[column] : undefined;

const users = (inv: AwsInventory) =>
  (inv.global.credentialReport ?? []).filter((row) => row.user !== ROOT);

const rowHits =
  (fails: (row: CredentialRow, now: Date) => Omit<Hit, 'region' | 'resourceId'>[]) =>
  (inv: AwsInventory): Hit[] =>
    users(inv).flatMap((row) =>
      fails(row, inv.now).map((hit) => ({ region: 'global', resourceId: row.arn ?? '', ...hit })),
    );

/** Credentials of the row that have not been used in MAX_DAYS (never used: since created). */
function unusedCredentials(row: CredentialRow, now: Date): string[] {
  const stale = (used: string | undefined, since: string | undefined) =>
    (daysSince(used ?? since, now) ?? 0) >= MAX_DAYS;
  const unused: string[] = [];
  if (
    row.password_enabled === 'true' &&
    stale(dateIn(row, 'password_last_used'), dateIn(row, 'user_creation_time'))
  )
    unused.push('password');
  for (const n of KEY_SLOTS) {
    if (row[`access_key_${n}_active`] !== 'true') continue;
    if (
      stale(
        dateIn(row, `access_key_${n}_last_used_date`),
        dateIn(row, `access_key_${n}_last_rotated`),
      )
    )
      unused.push(`access key ${n}`);
  }
  return unused;
}

/** What a password policy lacks against CIS AWS 1.8 and 1.9. */
function passwordPolicyGaps(inv: AwsInventory): string[] | undefined {
  const policy = inv.global.passwordPolicy;
  if (policy === undefined) return undefined;
  if (policy === null) return ['no password policy'];
  const gaps: string[] = [];
  if ((policy.MinimumPasswordLength ?? 0) < 14)
    gaps.push(`minimum length ${policy.MinimumPasswordLength ?? 0} < 14`);
  if (!policy.RequireSymbols) gaps.push('symbols not required');
  if (!policy.RequireNumbers) gaps.push('numbers not required');
  if (!policy.RequireUppercaseCharacters) gaps.push('upper case not required');
  if (!policy.RequireLowercaseCharacters) gaps.push('lower case not required');
  if ((policy.PasswordReusePrevention ?? 0) < 24)
    gaps.push(`remembers ${policy.PasswordReusePrevention ?? 0} < 24 passwords`);
  return gaps;
}

/** When the root user's password and keys were last used, most recent first. */
function rootUses(inv: AwsInventory): { credential: string; at: string; days: number }[] {
  const root = (inv.global.credentialReport ?? []).find((row) => row.user === ROOT);
  if (!root) return [];
  return [
    ['password', 'password_last_used'],
    ['access key 1', 'access_key_1_last_used_date'],
    ['access key 2', 'access_key_2_last_used_date'],
  ].flatMap(([credential, column]) => {
    const at = dateIn(root, column as string);
    const days = daysSince(at, inv.now);
    return at && days !== undefined ? [{ credential: credential as string, at, days }] : [];
  });
}

export const IAM_CHECKS: AwsCheck[] = [
  {
    id: 'aws_iam_root_used_recently',
    evaluate: (inv) => {
      const recent = rootUses(inv).filter((u) => u.days < ROOT_RECENT_DAYS);
      return recent.length
        ? [
            {
              region: 'global',
              resourceId: rootArn(inv),
              detail: `The root user of ${inv.account} was used in the last ${ROOT_RECENT_DAYS} days: ${recent.map((u) => `${u.credential} at ${u.at}`).join(', ')}.`,
              evidence: { uses: recent },
            },
          ]
        : [];
    },
  },
  {
    id: 'aws_iam_root_access_keys',
    evaluate: (inv) => {
      const keys = inv.global.accountSummary?.AccountAccessKeysPresent ?? 0;
      return keys > 0
        ? [
            {
              region: 'global',
              resourceId: rootArn(inv),
              detail: `The root user of ${inv.account} has access keys.`,
              evidence: { AccountAccessKeysPresent: keys },
            },
          ]
        : [];
    },
  },
  {
    id: 'aws_iam_root_mfa_off',
    evaluate: (inv) =>
      inv.global.accountSummary?.AccountMFAEnabled === 0
        ? [
            {
              region: 'global',
              resourceId: rootArn(inv),
              detail: `The root user of ${inv.account} has no MFA device.`,
              evidence: { AccountMFAEnabled: 0 },
            },
          ]
        : [],
  },
  {
    id: 'aws_iam_root_hardware_mfa_off',
    evaluate: (inv) => {
      // Without any MFA the root user is aws_iam_root_mfa_off's finding.
      if (inv.global.accountSummary?.AccountMFAEnabled !== 1) return [];
      const virtual = (inv.global.virtualMfaDevices ?? []).find(
        (d) => d.user === rootArn(inv) || d.serialNumber.endsWith(':mfa/root-account-mfa-device'),
      );
      return virtual
        ? [
            {
              region: 'global',
              resourceId: rootArn(inv),
              detail: `The root user of ${inv.account} signs in with a virtual MFA device (${virtual.serialNumber}), not a hardware one.`,
              evidence: { AccountMFAEnabled: 1, virtualDevice: virtual.serialNumber },
            },
          ]
        : [];
    },
  },
  {
    id: 'aws_iam_user_console_no_mfa',
    evaluate: rowHits((row) =>
      row.password_enabled === 'true' && row.mfa_active !== 'true'
        ? [
            {
              detail: `IAM user ${row.user} signs in to the console with a password and no MFA.`,
              evidence: {
                password_enabled: true,
                mfa_active: false,
                password_last_used: row.password_last_used,
              },
            },
          ]
        : [],
    ),
  },
  {
    id: 'aws_iam_access_key_old',
    evaluate: (inv) =>
      users(inv).flatMap((row) =>
        KEY_SLOTS.flatMap((n) => {
          const rotated = dateIn(row, `access_key_${n}_last_rotated`);
          const age = daysSince(rotated, inv.now);
          if (row[`access_key_${n}_active`] !== 'true' || age === undefined || age < MAX_DAYS)
            return [];
          return [
            {
              region: 'global',
              resourceId: `${row.arn}/access_key_${n}`,
              detail: `Access key ${n} of IAM user ${row.user} is ${age} days old.`,
              evidence: { user: row.user, key: n, lastRotated: rotated, ageDays: age },
            },
          ];
        }),
      ),
  },
  {
    id: 'aws_iam_user_two_active_keys',
    evaluate: rowHits((row) =>
      KEY_SLOTS.every((n) => row[`access_key_${n}_active`] === 'true')
        ? [
            {
              detail: `IAM user ${row.user} has two active access keys.`,
              evidence: {
                access_key_1_last_rotated: row.access_key_1_last_rotated,
                access_key_2_last_rotated: row.access_key_2_last_rotated,
              },
            },
          ]
        : [],
    ),
  },
  {
    id: 'aws_iam_credentials_unused',
    evaluate: rowHits((row, now) => {
      const unused = unusedCredentials(row, now);
      return unused.length
        ? [
            {
              detail: `IAM user ${row.user} has credentials unused for ${MAX_DAYS} days or more: ${unused.join(', ')}.`,
              evidence: {
                unused,
                password_last_used: row.password_last_used,
                access_key_1_last_used_date: row.access_key_1_last_used_date,
                access_key_2_last_used_date: row.access_key_2_last_used_date,
              },
            },
          ]
        : [];
    }),
  },
  {
    id: 'aws_iam_policy_admin',
    evaluate: (inv) =>
      (inv.global.policies ?? []).flatMap((p) => {
        const admin = p.document ? adminStatements(p.document) : [];
        return admin.length
          ? [
              {
                region: 'global',
                resourceId: p.arn,
                detail: `Policy ${p.name} allows every action on every resource.`,
                evidence: { statements: admin },
              },
            ]
          : [];
      }),
  },
  {
    id: 'aws_iam_password_policy_weak',
    evaluate: (inv) => {
      const gaps = passwordPolicyGaps(inv);
      return gaps?.length
        ? [
            {
              region: 'global',
              resourceId: rootArn(inv),
              detail: `The password policy of ${inv.account} is weak: ${gaps.join('; ')}.`,
              evidence: { passwordPolicy: inv.global.passwordPolicy, gaps },
            },
          ]
        : [];
    },
  },
  {
    id: 'aws_iam_password_policy_no_expiry',
    evaluate: (inv) => {
      const policy = inv.global.passwordPolicy;
      const maxAge = policy?.MaxPasswordAge;
      if (policy === undefined || (maxAge && maxAge <= MAX_DAYS)) return [];
      const detail = !policy
        ? `${inv.account} has no password policy: passwords never expire.`
        : maxAge
          ? `Passwords of ${inv.account} expire after ${maxAge} days, more than ${MAX_DAYS}.`
          : `Passwords of ${inv.account} never expire.`;
      return [
        {
          region: 'global',
          resourceId: rootArn(inv),
          detail,
          evidence: { maxPasswordAge: maxAge ?? null },
        },
      ];
    },
  },
  {
    id: 'aws_iam_user_inline_policy',
    evaluate: (inv) =>
      (inv.global.users ?? [])
        .filter((u) => u.inlinePolicies?.length)
        .map((u) => ({
          region: 'global',
          resourceId: u.arn,
          detail: `IAM user ${u.name} has inline policies: ${u.inlinePolicies?.join(', ')}.`,
          evidence: { inlinePolicies: u.inlinePolicies },
        })),
  },
];
