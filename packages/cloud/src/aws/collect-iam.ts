// Collects the account's IAM state: the account summary (root keys and MFA), the credential
// report (users' passwords, MFA and keys with their dates), the password policy, users' inline
// policies, the customer-managed policies' documents, who holds which permissions
// (collect-iam-access.ts) and the assigned virtual MFA devices.
import {
  GenerateCredentialReportCommand,
  GetAccountPasswordPolicyCommand,
  GetAccountSummaryCommand,
  GetCredentialReportCommand,
  GetPolicyVersionCommand,
  type IAMClient,
  ListPoliciesCommand,
  ListUserPoliciesCommand,
  ListUsersCommand,
  ListVirtualMFADevicesCommand,
} from '@aws-sdk/client-iam';
import {
  absentOn,
  allOf,
  type CollectContext,
  collect,
  collectPages,
  mapLimit,
  type SpecOf,
  specsOf,
} from './calling.ts';
import { iamClient } from './clients.ts';
import { collectAuthorization, policyText } from './collect-iam-access.ts';
import type { CredentialRow, GlobalInventory } from './inventory.ts';

const REPORT_CHECKS = [
  'aws_iam_user_console_no_mfa',
  'aws_iam_access_key_old',
  'aws_iam_credentials_unused',
  'aws_iam_root_used_recently',
  'aws_iam_user_two_active_keys',
];
const REPORT_POLLS = 10;

export async function collectIam(
  ctx: CollectContext,
  region: string,
  sleep: (ms: number) => Promise<void>,
): Promise<GlobalInventory> {
  const iam = iamClient(ctx.target, region);
  const spec = specsOf('iam', region);
  try {
    return await allOf({
      accountSummary: collect<Record<string, number>>(
        ctx,
        spec('GetAccountSummary', [
          'aws_iam_root_access_keys',
          'aws_iam_root_mfa_off',
          'aws_iam_root_hardware_mfa_off',
        ]),
        (abortSignal) =>
          iam
            .send(new GetAccountSummaryCommand({}), { abortSignal })
            .then((r) => r.SummaryMap ?? {}),
      ),
      credentialReport: collectCredentialReport(ctx, iam, spec, sleep),
      passwordPolicy: collect(
        ctx,
        spec('GetAccountPasswordPolicy', [
          'aws_iam_password_policy_weak',
          'aws_iam_password_policy_no_expiry',
        ]),
        (abortSignal) =>
          iam
            .send(new GetAccountPasswordPolicyCommand({}), { abortSignal })
            .then(
              (r) => r.PasswordPolicy ?? null,
              absentOn('NoSuchEntity', 'NoSuchEntityException'),
            ),
      ),
      users: collectUsers(ctx, iam, spec),
      policies: collectPolicies(ctx, iam, spec),
      authorization: collectAuthorization(ctx, iam, spec),
      virtualMfaDevices: collectVirtualMfaDevices(ctx, iam, spec),
    });
  } finally {
    iam.destroy();
  }
}

/** Asks IAM to generate the report, waits until it is complete, and parses its CSV. */
async function collectCredentialReport(
  ctx: CollectContext,
  iam: IAMClient,
  spec: SpecOf,
  sleep: (ms: number) => Promise<void>,
): Promise<CredentialRow[] | undefined> {
  for (let poll = 1; poll <= REPORT_POLLS; poll += 1) {
    const generated = await collect(
      ctx,
      spec('GenerateCredentialReport', REPORT_CHECKS),
      (abortSignal) => iam.send(new GenerateCredentialReportCommand({}), { abortSignal }),
    );
    if (!generated) return undefined;
    if (generated.State === 'COMPLETE') break;
    await sleep(1000);
  }
  const report = await collect(ctx, spec('GetCredentialReport', REPORT_CHECKS), (abortSignal) =>
    iam.send(new GetCredentialReportCommand({}), { abortSignal }),
  );
  return report && parseCredentialReport(new TextDecoder().decode(report.Content));
}

/** The credential report's CSV as rows keyed by column name (no field holds a comma). */
export function parseCredentialReport(csv: string): CredentialRow[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  return lines.map((line) => {
    const values = line.split(',');
    return Object.fromEntries(columns.map((c, i) => [c, values[i] ?? '']));
  });
}

async function collectUsers(ctx: CollectContext, iam: IAMClient, spec: SpecOf) {
  const checks = ['aws_iam_user_inline_policy'];
  const users = await collectPages(ctx, spec('ListUsers', checks), async (Marker, abortSignal) => {
    const r = await iam.send(new ListUsersCommand({ Marker }), { abortSignal });
    return { items: r.Users, next: r.IsTruncated ? r.Marker : undefined };
  });
  return (
    users &&
    mapLimit(users, ctx.concurrency, async (user) => {
      const inlinePolicies = await collectPages(
        ctx,
        spec('ListUserPolicies', checks),
        async (Marker, abortSignal) => {
          const r = await iam.send(
            new ListUserPoliciesCommand({ UserName: user.UserName, Marker }),
            { abortSignal },
          );
          return { items: r.PolicyNames, next: r.IsTruncated ? r.Marker : undefined };
        },
      );
      return { name: user.UserName ?? '', arn: user.Arn ?? '', inlinePolicies };
    })
  );
}

async function collectPolicies(ctx: CollectContext, iam: IAMClient, spec: SpecOf) {
  const checks = ['aws_iam_policy_admin'];
  const policies = await collectPages(
    ctx,
    spec('ListPolicies', checks),
    async (Marker, abortSignal) => {
      const r = await iam.send(new ListPoliciesCommand({ Scope: 'Local', Marker }), {
        abortSignal,
      });
      return { items: r.Policies, next: r.IsTruncated ? r.Marker : undefined };
    },
  );
  return (
    policies &&
    mapLimit(policies, ctx.concurrency, async (policy) => {
      const version = await collect(ctx, spec('GetPolicyVersion', checks), (abortSignal) =>
        iam.send(
          new GetPolicyVersionCommand({
            PolicyArn: policy.Arn,
            VersionId: policy.DefaultVersionId,
          }),
          {
            abortSignal,
          },
        ),
      );
      const document = version?.PolicyVersion?.Document;
      return {
        arn: policy.Arn ?? '',
        name: policy.PolicyName ?? '',
        ...(document ? { document: policyText(document) } : {}),
      };
    })
  );
}

/** Assigned virtual MFA devices, with the user (or root) each is on. */
function collectVirtualMfaDevices(ctx: CollectContext, iam: IAMClient, spec: SpecOf) {
  return collectPages(
    ctx,
    spec('ListVirtualMFADevices', ['aws_iam_root_hardware_mfa_off']),
    async (Marker, abortSignal) => {
      const r = await iam.send(
        new ListVirtualMFADevicesCommand({ AssignmentStatus: 'Assigned', Marker }),
        { abortSignal },
      );
      return {
        items: (r.VirtualMFADevices ?? []).map((d) => ({
          serialNumber: d.SerialNumber ?? '',
          user: d.User?.Arn,
        })),
        next: r.IsTruncated ? r.Marker : undefined,
      };
    },
  );
}
