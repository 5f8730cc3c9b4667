// Access review: members with their roles and last sign-ins, dormant accounts, API keys left
// unused, and how many members hold the admin role.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { rows } from './query.ts';
import { type Collector, daysAgo, percent, refs } from './types.ts';

const DORMANT_DAYS = 90;

type Member = { email: string; role: string; joined: string; last_sign_in: string | null };

/** Members of the organization with their last sign-in (the newest session they started). */
const members = (db: Executor, org: string) =>
  rows<Member>(
    db,
    sql`select u.email, r.role::text as role, r.created_at as joined,
          (select max(t.created_at) from refresh_tokens t where t.user_id = r.user_id) as last_sign_in
        from user_roles r join users u on u.id = r.user_id
        where r.organization_id = ${org} order by u.email`,
  );

const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);
const dormant = (list: Member[], now: Date) => {
  const cut = daysAgo(now, DORMANT_DAYS).getTime();
  return list.filter((m) => new Date(m.last_sign_in ?? m.joined).getTime() < cut);
};

export const accessReview: Collector = {
  id: 'access_review',
  version: '1.0.0',
  type: 'access_review',
  title: 'Members, roles and last sign-ins',
  coverage: 'automated',
  validDays: 90,
  requirements: refs(
    'soc2:CC6.2',
    'soc2:CC6.3',
    'iso27001:A.5.18',
    'nist:PR.AA-05',
    'hipaa:164.308(a)(4)(ii)(C)',
  ),
  async collect({ db, organizationId, now }) {
    const list = await members(db, organizationId);
    const stale = dormant(list, now);
    return {
      outcome: stale.length === 0 ? 'satisfied' : 'partial',
      observedAt: now,
      summary: `${list.length} members listed with their roles; ${stale.length} have not signed in for ${DORMANT_DAYS} days`,
      metadata: {
        members: list.map((m) => ({
          email: m.email,
          role: m.role,
          lastSignIn: iso(m.last_sign_in),
        })),
      },
    };
  },
};

export const dormantAccounts: Collector = {
  id: 'dormant_accounts',
  version: '1.0.0',
  type: 'dormant_accounts',
  title: `Accounts without a sign-in for ${DORMANT_DAYS} days`,
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC6.2', 'iso27001:A.5.18', 'hipaa:164.308(a)(3)(ii)(C)'),
  async collect({ db, organizationId, now }) {
    const list = await members(db, organizationId);
    const stale = dormant(list, now);
    return {
      outcome: stale.length === 0 ? 'satisfied' : 'not_satisfied',
      observedAt: now,
      summary:
        stale.length === 0
          ? 'No dormant account'
          : `${stale.length} dormant accounts: ${stale.map((m) => m.email).join(', ')}`,
      metadata: {
        dormant: stale.map((m) => ({ email: m.email, lastSignIn: iso(m.last_sign_in) })),
      },
    };
  },
};

export const unusedApiKeys: Collector = {
  id: 'unused_api_keys',
  version: '1.0.0',
  type: 'api_key_hygiene',
  title: 'API keys unused for 90 days',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC6.1', 'iso27001:A.5.17', 'nist:PR.AA-01'),
  async collect({ db, organizationId, now }) {
    const list = await rows<{
      prefix: string;
      name: string;
      last: string | null;
      created_at: string;
    }>(
      db,
      sql`select prefix, name, last_used_at as last, created_at from api_keys
          where organization_id = ${organizationId} and revoked_at is null order by created_at`,
    );
    const cut = daysAgo(now, 90).getTime();
    const unused = list.filter((k) => new Date(k.last ?? k.created_at).getTime() < cut);
    return {
      outcome: unused.length === 0 ? 'satisfied' : 'not_satisfied',
      observedAt: now,
      summary: `${unused.length} of ${list.length} active API keys unused for 90 days`,
      metadata: {
        active: list.length,
        unused: unused.map((k) => ({ prefix: k.prefix, name: k.name })),
      },
    };
  },
};

export const adminShare: Collector = {
  id: 'least_privilege',
  version: '1.0.0',
  type: 'privileged_access',
  title: 'Members holding the admin role',
  coverage: 'automated',
  validDays: 30,
  requirements: refs('soc2:CC6.3', 'iso27001:A.8.2', 'nist:PR.AA-05', 'hipaa:164.308(a)(4)(ii)(B)'),
  async collect({ db, organizationId, now }) {
    const list = await members(db, organizationId);
    const admins = list.filter((m) => m.role === 'admin').length;
    // A small team needs an admin and a deputy; beyond that, at most a third are admins.
    const ok = admins <= 2 || admins <= list.length / 3;
    return {
      outcome: ok ? 'satisfied' : 'partial',
      observedAt: now,
      summary: `${admins} of ${list.length} members (${percent(admins, list.length)}%) are administrators`,
      metadata: { members: list.length, admins },
    };
  },
};
