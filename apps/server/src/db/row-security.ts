import type pg from 'pg';

/** The per-transaction settings that the row-level security policies read. */
export const ORGANIZATION_SETTING = 'netguard.organization_id';

/**
 * Tables with an organization_id column that row-level security leaves alone, with the reason.
 * They are the access control itself: reading them decides which organizations a person may
 * enter (membership, invitations, the session's choice) or they belong to a person rather than to
 * one organization. Every other organization_id table gets the policy.
 */
export const ROW_SECURITY_EXEMPT: Record<string, string> = {
  user_roles: 'memberships: the organization switcher lists every organization of the caller',
  session_organizations: 'the organization a session is in, read before it is known',
  organization_invitations: 'accepting an invitation reads one of another organization',
  profiles: 'a person’s profile, the same in every organization they belong to',
  user_mfa_settings: 'a person’s second factor, the same in every organization',
  notification_preferences: 'a person’s e-mail choices, the same in every organization',
};

/** Tables without an organization_id of their own, scoped through the scan they belong to. */
export const SCAN_CHILD_TABLES = ['scan_chunks', 'scan_hosts', 'scan_services'] as const;

const POLICY = 'tenant_isolation';
const CURRENT_ORGANIZATION = `nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The organization-scoped tables of the public schema: organization_id minus the exempt ones. */
export async function organizationTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and c.column_name = 'organization_id'
        and t.table_type = 'BASE TABLE'
      order by 1`,
  );
  return rows.map((r) => r.table_name).filter((name) => !(name in ROW_SECURITY_EXEMPT));
}

/**
 * Enables row-level security with a policy on the current organization on every organization
 * table (and on the scan child tables through their scan). Idempotent; run by the owner after the
 * migrations, so tables added later are covered without a migration of their own. The owner
 * itself is not subject to the policies (jobs, sign-in and other cross-organization work); the
 * application role that request handlers use is.
 */
export async function applyRowLevelSecurity(client: pg.ClientBase): Promise<void> {
  const direct = (await organizationTables(client)).map((table) => ({
    table,
    predicate: `organization_id = ${CURRENT_ORGANIZATION}`,
  }));
  const children = SCAN_CHILD_TABLES.map((table) => ({
    table,
    predicate: `exists (select 1 from scans s where s.id = ${quote(table)}.scan_id)`,
  }));
  const { rows } = await client.query<{ tablename: string }>(
    `select tablename from pg_policies where schemaname = 'public' and policyname = $1`,
    [POLICY],
  );
  const done = new Set(rows.map((r) => r.tablename));
  for (const { table, predicate } of [...direct, ...children]) {
    if (done.has(table)) continue;
    await client.query(`alter table ${quote(table)} enable row level security`);
    await client.query(
      `create policy ${POLICY} on ${quote(table)} using (${predicate}) with check (${predicate})`,
    );
  }
}
