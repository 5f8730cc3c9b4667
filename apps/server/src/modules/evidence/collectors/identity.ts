// Authentication: MFA coverage of members and of admins, SSO enforcement and verified domains,
// and the password, session and MFA policies the server enforces.
import { sql } from 'drizzle-orm';
import { one, rows } from './query.ts';
import { type Collector, newest, percent, refs, shareOutcome } from './types.ts';

type Coverage = { members: string; enabled: string; updated: string | null };

const mfaCoverage = (db: Parameters<Collector['collect']>[0]['db'], org: string, admins: boolean) =>
  one<Coverage>(
    db,
    sql`select count(*) as members, count(*) filter (where m.mfa_enabled) as enabled,
          max(m.updated_at) as updated
        from user_roles r left join user_mfa_settings m on m.user_id = r.user_id
        where r.organization_id = ${org} ${admins ? sql`and r.role = 'admin'` : sql``}`,
  );

export const mfaMembers: Collector = {
  id: 'mfa_members',
  version: '1.0.0',
  type: 'mfa_coverage',
  title: 'Members with multi-factor authentication',
  coverage: 'automated',
  validDays: 7,
  requirements: refs(
    'soc2:CC6.1',
    'iso27001:A.8.5',
    'nist:PR.AA-03',
    'hipaa:164.312(d)',
    'gdpr:Art. 32',
  ),
  async collect({ db, organizationId, now }) {
    const r = await mfaCoverage(db, organizationId, false);
    const [members, enabled] = [Number(r.members), Number(r.enabled)];
    return {
      outcome: shareOutcome(enabled, members),
      observedAt: newest([r.updated], now),
      summary: `${enabled} of ${members} members (${percent(enabled, members)}%) use MFA`,
      metadata: { members, mfaEnabled: enabled, percent: percent(enabled, members) },
    };
  },
};

export const mfaAdmins: Collector = {
  id: 'mfa_admins',
  version: '1.0.0',
  type: 'admin_mfa_coverage',
  title: 'Administrators with multi-factor authentication',
  coverage: 'automated',
  validDays: 7,
  requirements: refs(
    'soc2:CC6.1',
    'iso27001:A.8.2',
    'iso27001:A.8.5',
    'nist:PR.AA-05',
    'hipaa:164.312(d)',
  ),
  async collect({ db, organizationId, now }) {
    const r = await mfaCoverage(db, organizationId, true);
    const [admins, enabled] = [Number(r.members), Number(r.enabled)];
    return {
      outcome:
        admins > 0 && enabled === admins ? 'satisfied' : enabled > 0 ? 'partial' : 'not_satisfied',
      observedAt: newest([r.updated], now),
      summary: `${enabled} of ${admins} administrators (${percent(enabled, admins)}%) use MFA`,
      metadata: { admins, mfaEnabled: enabled, percent: percent(enabled, admins) },
    };
  },
};

export const ssoEnforcement: Collector = {
  id: 'sso_enforcement',
  version: '1.0.0',
  type: 'sso_enforcement',
  title: 'Single sign-on configured and required',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('soc2:CC6.1', 'iso27001:A.5.16', 'nist:PR.AA-01', 'hipaa:164.312(a)(2)(i)'),
  async collect({ db, organizationId, now }) {
    const [r] = await rows<{
      enabled: boolean;
      require_sso: boolean;
      protocol: string;
      updated_at: string;
    }>(
      db,
      sql`select enabled, require_sso, protocol, updated_at from sso_configs where organization_id = ${organizationId}`,
    );
    const outcome = !r?.enabled ? 'not_satisfied' : r.require_sso ? 'satisfied' : 'partial';
    return {
      outcome,
      observedAt: newest([r?.updated_at], now),
      summary: !r
        ? 'No single sign-on is configured'
        : `SSO (${r.protocol}) is ${r.enabled ? 'enabled' : 'disabled'}; sign-in through it is ${r.require_sso ? 'required' : 'optional'}`,
      metadata: {
        configured: Boolean(r),
        enabled: r?.enabled ?? false,
        required: r?.require_sso ?? false,
      },
    };
  },
};

export const ssoDomains: Collector = {
  id: 'sso_domains',
  version: '1.0.0',
  type: 'verified_domains',
  title: 'E-mail domains verified for single sign-on',
  coverage: 'automated',
  validDays: 7,
  requirements: refs('iso27001:A.5.16', 'nist:PR.AA-02'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{
      domain: string;
      status: string;
      verified_at: string | null;
      last_error: string | null;
    }>(
      db,
      sql`select domain, status, verified_at, last_error from sso_domains where organization_id = ${organizationId} order by domain`,
    );
    const verified = list.filter((d) => d.status === 'verified');
    const failing = verified.filter((d) => d.last_error);
    return {
      outcome: verified.length === 0 ? 'not_satisfied' : failing.length ? 'partial' : 'satisfied',
      observedAt: newest(
        verified.map((d) => d.verified_at),
        now,
      ),
      summary: `${verified.length} of ${list.length} domains verified${failing.length ? `; ${failing.length} failing their re-check` : ''}`,
      metadata: { domains: list.map((d) => ({ domain: d.domain, status: d.status })) },
    };
  },
};

type Policy = {
  password_min_length: number;
  password_classes: number;
  password_history: number;
  session_idle_minutes: number | null;
  session_absolute_hours: number | null;
  mfa_required_roles: string;
  updated_at: string;
};

/** The organization's policies; the defaults of the security_policies table when it has none. */
const readPolicy = async (db: Parameters<Collector['collect']>[0]['db'], org: string) =>
  (
    await rows<Policy>(
      db,
      sql`select password_min_length, password_classes, password_history, session_idle_minutes,
            session_absolute_hours, mfa_required_roles::text, updated_at
          from security_policies where organization_id = ${org}`,
    )
  )[0];

export const passwordPolicy: Collector = {
  id: 'password_policy',
  version: '1.0.0',
  type: 'password_policy',
  title: 'Password policy enforced',
  coverage: 'automated',
  validDays: 30,
  requirements: refs(
    'soc2:CC6.1',
    'iso27001:A.5.17',
    'nist:PR.AA-01',
    'hipaa:164.308(a)(5)(ii)(D)',
  ),
  async collect({ db, organizationId, now }) {
    const p = await readPolicy(db, organizationId);
    const min = p?.password_min_length ?? 8;
    const classes = p?.password_classes ?? 4;
    const history = p?.password_history ?? 0;
    const strong = min >= 12 && classes >= 3 && history >= 4;
    return {
      outcome: strong ? 'satisfied' : min >= 8 ? 'partial' : 'not_satisfied',
      observedAt: newest([p?.updated_at], now),
      summary: `Passwords: at least ${min} characters of ${classes} classes, the last ${history} not reused${strong ? '' : ' (below 12 characters, 3 classes and 4 remembered)'}`,
      metadata: { minLength: min, classes, history, configured: Boolean(p) },
    };
  },
};

export const sessionPolicy: Collector = {
  id: 'session_policy',
  version: '1.0.0',
  type: 'session_policy',
  title: 'Session timeouts enforced',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC6.1', 'iso27001:A.8.5', 'hipaa:164.312(a)(2)(iii)'),
  async collect({ db, organizationId, now }) {
    const p = await readPolicy(db, organizationId);
    const idle = p?.session_idle_minutes ?? null;
    const absolute = p?.session_absolute_hours ?? null;
    const ok = idle !== null && idle <= 30 && absolute !== null && absolute <= 24;
    return {
      outcome: ok ? 'satisfied' : idle !== null || absolute !== null ? 'partial' : 'not_satisfied',
      observedAt: newest([p?.updated_at], now),
      summary: `Idle timeout ${idle === null ? 'none' : `${idle} minutes`}, absolute limit ${absolute === null ? 'none' : `${absolute} hours`}`,
      metadata: { idleMinutes: idle, absoluteHours: absolute },
    };
  },
};

export const mfaRequired: Collector = {
  id: 'mfa_required_roles',
  version: '1.0.0',
  type: 'mfa_policy',
  title: 'MFA required by policy',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC6.1', 'iso27001:A.8.5', 'nist:PR.AA-03'),
  async collect({ db, organizationId, now }) {
    const p = await readPolicy(db, organizationId);
    const roles = (p?.mfa_required_roles ?? '{}').replace(/[{}]/g, '').split(',').filter(Boolean);
    return {
      outcome: roles.includes('admin')
        ? roles.length >= 3
          ? 'satisfied'
          : 'partial'
        : 'not_satisfied',
      observedAt: newest([p?.updated_at], now),
      summary: roles.length
        ? `MFA is required for: ${roles.join(', ')}`
        : 'No role is required to use MFA',
      metadata: { roles },
    };
  },
};
