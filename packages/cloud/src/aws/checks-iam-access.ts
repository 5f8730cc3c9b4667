// IAM access: administrator access wherever it is granted (inline or managed, on a user, group or
// role, or through a user's groups), managed policies attached straight to users, role trust
// policies that let anyone assume the role, and no role for AWS Support.
import { type AwsCheck, adminStatements, type Hit, namesEveryone, statementsOf } from './check.ts';
import type { AwsInventory, IamAuthorization, IamPrincipal } from './inventory.ts';

/** The AWS-managed policy that grants everything, in every partition (aws, aws-cn, aws-us-gov). */
const AWS_ADMIN = /^arn:aws[a-z-]*:iam::aws:policy\/AdministratorAccess$/;
const AWS_SUPPORT = /^arn:aws[a-z-]*:iam::aws:policy\/AWSSupportAccess$/;

/** One way a principal gets administrator access. */
export type AdminSource = {
  via: 'inline' | 'managed' | 'aws-managed' | 'group';
  policy: string;
  policyArn?: string;
  /** The group it comes through, for a user. */
  group?: string;
  /** The admin statements carry a Condition (still admin: it limits when, not what). */
  conditional?: boolean;
};

const sourceText = (s: AdminSource) => {
  const what =
    s.via === 'inline'
      ? `inline policy ${s.policy}`
      : `${s.via === 'aws-managed' ? 'AWS-managed' : 'customer-managed'} policy ${s.policy}`;
  return `${s.group ? `group ${s.group}: ` : ''}${what}${s.conditional ? ' (under a condition)' : ''}`;
};

/** The sources of administrator access attached to the principal itself. */
function ownSources(p: IamPrincipal, auth: IamAuthorization): AdminSource[] {
  const documents = new Map(auth.policies.map((x) => [x.arn, x.document]));
  const grant = (document: string | undefined) => {
    const admin = document ? adminStatements(document) : [];
    return admin.length ? { conditional: admin.every((s) => s.Condition) } : undefined;
  };
  const inline = p.inline.flatMap((x): AdminSource[] => {
    const g = grant(x.document);
    return g ? [{ via: 'inline', policy: x.name, ...(g.conditional ? g : {}) }] : [];
  });
  const managed = p.attached.flatMap((x): AdminSource[] => {
    if (AWS_ADMIN.test(x.arn ?? ''))
      return [{ via: 'aws-managed', policy: x.name, policyArn: x.arn }];
    const g = grant(documents.get(x.arn ?? ''));
    return g
      ? [{ via: 'managed', policy: x.name, policyArn: x.arn, ...(g.conditional ? g : {}) }]
      : [];
  });
  return [...inline, ...managed];
}

/** Every principal with administrator access, each with all the ways it has it. */
export function adminPrincipals(
  auth: IamAuthorization,
): { principal: IamPrincipal; sources: AdminSource[] }[] {
  const groups = new Map(
    auth.principals.filter((p) => p.kind === 'group').map((g) => [g.name, ownSources(g, auth)]),
  );
  return auth.principals.flatMap((principal) => {
    const inherited = (principal.groups ?? []).flatMap((group) =>
      (groups.get(group) ?? []).map((s): AdminSource => ({ ...s, group })),
    );
    const sources = [...ownSources(principal, auth), ...inherited];
    return sources.length ? [{ principal, sources }] : [];
  });
}

const global = (resourceId: string, detail: string, evidence: Record<string, unknown>): Hit => ({
  region: 'global',
  resourceId,
  detail,
  evidence,
});

/** Hits from the authorization details, when they were read. */
const fromAuthorization =
  (hits: (auth: IamAuthorization, inv: AwsInventory) => Hit[]) =>
  (inv: AwsInventory): Hit[] =>
    inv.global.authorization ? hits(inv.global.authorization, inv) : [];

/** Trust statements that let any AWS principal assume the role, with no condition. */
const publicTrust = (trust: string | undefined) =>
  trust
    ? statementsOf(trust).filter(
        (s) => s.Effect === 'Allow' && !s.Condition && namesEveryone(s.Principal),
      )
    : [];

export const IAM_ACCESS_CHECKS: AwsCheck[] = [
  {
    id: 'aws_iam_admin_access',
    evaluate: fromAuthorization((auth) =>
      adminPrincipals(auth).map(({ principal: p, sources }) =>
        global(
          p.arn,
          `IAM ${p.kind} ${p.name} has administrator access (every action on every resource) through ${sources.map(sourceText).join('; ')}.`,
          { kind: p.kind, name: p.name, sources },
        ),
      ),
    ),
  },
  {
    id: 'aws_iam_user_attached_policies',
    evaluate: fromAuthorization((auth) =>
      auth.principals
        .filter((p) => p.kind === 'user' && p.attached.length)
        .map((u) =>
          global(
            u.arn,
            `IAM user ${u.name} has managed policies attached directly: ${u.attached.map((a) => a.name).join(', ')}.`,
            { attached: u.attached },
          ),
        ),
    ),
  },
  {
    id: 'aws_iam_role_trust_public',
    evaluate: fromAuthorization((auth) =>
      auth.principals.flatMap((r) => {
        const statements = publicTrust(r.trust);
        return r.kind === 'role' && statements.length
          ? [
              global(
                r.arn,
                `IAM role ${r.name} can be assumed by any AWS account (trust Principal "*", no condition).`,
                { statements },
              ),
            ]
          : [];
      }),
    ),
  },
  {
    id: 'aws_iam_support_role_missing',
    evaluate: fromAuthorization((auth, inv) =>
      auth.principals.some(
        (p) => p.kind === 'role' && p.attached.some((a) => AWS_SUPPORT.test(a.arn ?? '')),
      )
        ? []
        : [
            global(
              `arn:aws:iam::${inv.account}:root`,
              `No IAM role of ${inv.account} has AWSSupportAccess to manage incidents with AWS Support.`,
              { roles: auth.principals.filter((p) => p.kind === 'role').length },
            ),
          ],
    ),
  },
];
