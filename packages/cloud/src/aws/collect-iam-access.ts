// Collects who holds which permissions, in one paginated read: every user, group and role with
// its inline policies (documents included), attached managed policies, group memberships and
// trust policy, and the default document of each customer-managed policy.
import {
  type GetAccountAuthorizationDetailsCommandOutput as Details,
  GetAccountAuthorizationDetailsCommand,
  type IAMClient,
} from '@aws-sdk/client-iam';
import { type CollectContext, collectPages, type SpecOf } from './calling.ts';
import type { IamAuthorization, IamPolicy, IamPrincipal, PolicyRef } from './inventory.ts';

export const AUTHORIZATION_CHECKS = [
  'aws_iam_admin_access',
  'aws_iam_user_attached_policies',
  'aws_iam_role_trust_public',
  'aws_iam_support_role_missing',
];

/** Policy documents come URL-encoded from IAM (RFC 3986); moto sends some as they are. */
export function policyText(document: string): string {
  try {
    return decodeURIComponent(document);
  } catch {
    return document;
  }
}

type Page = Pick<Details, 'UserDetailList' | 'GroupDetailList' | 'RoleDetailList' | 'Policies'>;

const inline = (list: { PolicyName?: string; PolicyDocument?: string }[] | undefined) =>
  (list ?? []).map(
    (p): PolicyRef => ({
      name: p.PolicyName ?? '',
      document: policyText(p.PolicyDocument ?? '{}'),
    }),
  );

const attached = (list: { PolicyName?: string; PolicyArn?: string }[] | undefined) =>
  (list ?? []).map((p): PolicyRef => ({ name: p.PolicyName ?? '', arn: p.PolicyArn ?? '' }));

function principalsOf(page: Page): IamPrincipal[] {
  return [
    ...(page.UserDetailList ?? []).map(
      (u): IamPrincipal => ({
        kind: 'user',
        name: u.UserName ?? '',
        arn: u.Arn ?? '',
        inline: inline(u.UserPolicyList),
        attached: attached(u.AttachedManagedPolicies),
        groups: u.GroupList ?? [],
      }),
    ),
    ...(page.GroupDetailList ?? []).map(
      (g): IamPrincipal => ({
        kind: 'group',
        name: g.GroupName ?? '',
        arn: g.Arn ?? '',
        inline: inline(g.GroupPolicyList),
        attached: attached(g.AttachedManagedPolicies),
      }),
    ),
    ...(page.RoleDetailList ?? []).map(
      (r): IamPrincipal => ({
        kind: 'role',
        name: r.RoleName ?? '',
        arn: r.Arn ?? '',
        inline: inline(r.RolePolicyList),
        attached: attached(r.AttachedManagedPolicies),
        trust: policyText(r.AssumeRolePolicyDocument ?? '{}'),
      }),
    ),
  ];
}

function policiesOf(page: Page): IamPolicy[] {
  return (page.Policies ?? []).map((p) => {
    const version = (p.PolicyVersionList ?? []).find((v) => v.IsDefaultVersion);
    return {
      arn: p.Arn ?? '',
      name: p.PolicyName ?? '',
      ...(version?.Document ? { document: policyText(version.Document) } : {}),
    };
  });
}

export async function collectAuthorization(
  ctx: CollectContext,
  iam: IAMClient,
  spec: SpecOf,
): Promise<IamAuthorization | undefined> {
  const pages = await collectPages(
    ctx,
    spec('GetAccountAuthorizationDetails', AUTHORIZATION_CHECKS),
    async (Marker, abortSignal) => {
      const r = await iam.send(
        new GetAccountAuthorizationDetailsCommand({
          Filter: ['User', 'Group', 'Role', 'LocalManagedPolicy'],
          Marker,
        }),
        { abortSignal },
      );
      return { items: [r], next: r.IsTruncated ? r.Marker : undefined };
    },
  );
  return (
    pages && {
      principals: pages.flatMap(principalsOf),
      policies: pages.flatMap(policiesOf),
    }
  );
}
