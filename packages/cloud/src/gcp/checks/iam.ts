// Project IAM: primitive roles on users, public members, service accounts with admin roles,
// project-wide impersonation, Data Access audit logs and user-managed keys past their age limit.
import { GCP_KEY_MAX_AGE_DAYS } from '../../catalog/gcp.ts';
import type { CheckFn, Draft } from '../../shared/run-scan.ts';
import type { GcpData } from '../collect.ts';
import { PUBLIC_MEMBERS } from './storage.ts';

const PRIMITIVE = new Set(['roles/owner', 'roles/editor']);
const DAY_MS = 86_400_000;
const IMPERSONATION = new Set([
  'roles/iam.serviceAccountUser',
  'roles/iam.serviceAccountTokenCreator',
]);
const AUDIT_LOG_TYPES = ['ADMIN_READ', 'DATA_READ', 'DATA_WRITE'];

const isAdminRole = (role: string) => PRIMITIVE.has(role) || /admin$/i.test(role);

/** Project bindings whose member and role match, as role → members. */
function grants(data: GcpData, member: (m: string) => boolean, role: (r: string) => boolean) {
  return (data.projectPolicy?.bindings ?? [])
    .filter((b) => role(b.role ?? ''))
    .map((b) => ({ role: b.role ?? '', members: (b.members ?? []).filter(member) }))
    .filter((b) => b.members.length);
}

function projectCheck(
  member: (m: string) => boolean,
  role: (r: string) => boolean,
  what: string,
): CheckFn<GcpData> {
  return (data): Draft[] => {
    const found = grants(data, member, role);
    if (!found.length) return [];
    const list = found.map((b) => `${b.role}: ${b.members.join(', ')}`).join('; ');
    return [
      {
        resourceId: `projects/${data.project}`,
        region: 'global',
        detail: `${what} (${list}).`,
        evidence: { bindings: found },
      },
    ];
  };
}

export const iamChecks: Record<string, CheckFn<GcpData>> = {
  gcp_iam_primitive_role_user: projectCheck(
    (m) => m.startsWith('user:'),
    (r) => PRIMITIVE.has(r),
    'Users hold primitive roles',
  ),
  gcp_iam_public_binding: projectCheck(
    (m) => PUBLIC_MEMBERS.has(m),
    () => true,
    'The project grants roles to everyone',
  ),
  gcp_iam_sa_admin_role: projectCheck(
    (m) => m.startsWith('serviceAccount:'),
    isAdminRole,
    'Service accounts hold admin or primitive roles',
  ),
  gcp_iam_sa_key_old: (data) =>
    data.serviceAccounts.flatMap(({ account, keys }) =>
      (keys ?? [])
        .filter((k) => k.keyType !== 'SYSTEM_MANAGED')
        .map((k) => ({
          key: k,
          days: Math.floor((data.now.getTime() - Date.parse(k.validAfterTime ?? '')) / DAY_MS),
        }))
        .filter(({ days }) => days > GCP_KEY_MAX_AGE_DAYS)
        .map(({ key, days }) => ({
          resourceId: key.name ?? '',
          region: 'global',
          detail: `Key ${key.name?.split('/').pop()} of ${account.email} is ${days} days old.`,
          evidence: {
            serviceAccount: account.email,
            validAfterTime: key.validAfterTime,
            ageDays: days,
          },
        })),
    ),
  gcp_iam_sa_user_project_level: projectCheck(
    () => true,
    (r) => IMPERSONATION.has(r),
    'Members can act as every service account of the project',
  ),
  gcp_iam_audit_logs_off: (data) => {
    if (!data.projectPolicy) return [];
    const all = (data.projectPolicy.auditConfigs ?? []).find((c) => c.service === 'allServices');
    const logged = new Set((all?.auditLogConfigs ?? []).map((c) => c.logType));
    const missing = AUDIT_LOG_TYPES.filter((t) => !logged.has(t));
    if (!missing.length) return [];
    return [
      {
        resourceId: `projects/${data.project}`,
        region: 'global',
        detail: `Project ${data.project} does not log ${missing.join(', ')} for all services.`,
        evidence: { missing },
      },
    ];
  },
};
