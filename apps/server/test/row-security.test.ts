import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, appRoleUrl } from '../src/db/app-role.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import {
  organizationTables,
  ROW_SECURITY_EXEMPT,
  SCAN_CHILD_TABLES,
} from '../src/db/row-security.ts';
import { scans } from '../src/db/schema.ts';
import { createTenantScope } from '../src/db/tenant-scope.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

const SECRET = 'test-secret-key-for-netguard-tests';

let ctx: TestContext;
let a: Account;
let b: Account;
let appRole: Database;
let owner: Database;

/** A client of the application role with the organization set (or not) for its session. */
async function asApp(organizationId: string | null) {
  const client = new pg.Client({ connectionString: appRoleUrl(ctx.url, SECRET) });
  await client.connect();
  if (organizationId)
    await client.query(`select set_config('netguard.organization_id', $1, false)`, [
      organizationId,
    ]);
  return client;
}

const scanRow = (who: Account, name: string) => ({
  userId: who.userId,
  organizationId: who.organizationId,
  scanName: name,
  scanType: 'network' as const,
  targetHosts: ['192.0.2.10'],
});

beforeAll(async () => {
  ctx = await createTestApp();
  a = await createAccount(ctx, 'rls-a@example.com');
  b = await createAccount(ctx, 'rls-b@example.com');
  await ctx.db.insert(scans).values([scanRow(a, 'scan of a'), scanRow(b, 'scan of b')]);
  // The first organization-scoped request makes the application role ready.
  await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: a.auth });
  appRole = createDatabase(appRoleUrl(ctx.url, SECRET), { max: 2 });
  owner = createDatabase(ctx.url, { max: 2 });
});
afterAll(async () => {
  await appRole?.close();
  await owner?.close();
  await ctx?.close();
});

describe('row-level security, the second wall between organizations', () => {
  it('covers every organization table; the exempt ones exist and are only the access control', async () => {
    const client = await owner.pool.connect();
    try {
      const scoped = [...(await organizationTables(client)), ...SCAN_CHILD_TABLES];
      expect(scoped).toEqual(
        expect.arrayContaining([
          'scans',
          'vulnerabilities',
          'reports',
          'security_events',
          'api_keys',
        ]),
      );
      const { rows } = await client.query<{ relname: string; on: boolean; policies: number }>(
        `select c.relname, c.relrowsecurity as on,
                (select count(*)::int from pg_policies p
                  where p.tablename = c.relname and p.policyname = 'tenant_isolation') policies
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relname = any($1)`,
        [scoped],
      );
      expect(rows).toHaveLength(scoped.length);
      for (const row of rows)
        expect({ table: row.relname, on: row.on, n: row.policies }).toEqual({
          table: row.relname,
          on: true,
          n: 1,
        });
      const exempt = await client.query<{ table_name: string }>(
        `select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'organization_id' and table_name = any($1)`,
        [Object.keys(ROW_SECURITY_EXEMPT)],
      );
      expect(exempt.rows.map((r) => r.table_name).sort()).toEqual(
        Object.keys(ROW_SECURITY_EXEMPT).sort(),
      );
    } finally {
      client.release();
    }
  });

  it('the application role cannot bypass it: no superuser, no BYPASSRLS, owns no table', async () => {
    const client = await asApp(null);
    try {
      const role = await client.query(
        'select current_user, rolsuper, rolbypassrls from pg_roles where rolname = current_user',
      );
      expect(role.rows[0]).toEqual({
        current_user: APP_ROLE,
        rolsuper: false,
        rolbypassrls: false,
      });
      const owned = await client.query(
        `select count(*)::int n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and pg_get_userbyid(c.relowner) = current_user`,
      );
      expect(owned.rows[0].n).toBe(0);
      await expect(client.query('alter table scans disable row level security')).rejects.toThrow(
        /must be owner/,
      );
      await expect(client.query('set role postgres')).rejects.toThrow(/permission denied/);
      await client.query('set row_security = off');
      await expect(client.query('select * from scans')).rejects.toThrow(
        /row-level security policy/,
      );
    } finally {
      await client.end();
    }
  });

  it('shows and changes only the current organization’s rows; none without one', async () => {
    const none = await asApp(null);
    const ofA = await asApp(a.organizationId);
    try {
      expect((await none.query('select scan_name from scans')).rows).toEqual([]);
      expect((await ofA.query('select scan_name from scans')).rows).toEqual([
        { scan_name: 'scan of a' },
      ]);
      expect((await ofA.query('select count(*)::int n from user_roles')).rows[0].n).toBe(2);
      await expect(
        ofA.query(
          `insert into scans (user_id, organization_id, scan_name, scan_type, target_hosts)
           values ($1, $2, 'planted', 'network', '{192.0.2.11}')`,
          [a.userId, b.organizationId],
        ),
      ).rejects.toThrow(/row-level security policy/);
      await expect(
        ofA.query('update scans set organization_id = $1', [b.organizationId]),
      ).rejects.toThrow(/row-level security policy/);
      const moved = await ofA.query(
        `update scans set scan_name = 'renamed' where scan_name = 'scan of b'`,
      );
      expect(moved.rowCount).toBe(0);
    } finally {
      await none.end();
      await ofA.end();
    }
  });

  it('scopes the handle of a request to its organization and lets go when the request ends', async () => {
    const tenant = createTenantScope(owner.db, appRole.db);
    const names = () => tenant.db.select({ name: scans.scanName }).from(scans);
    expect(await names()).toHaveLength(2); // the owner's pool: jobs and sign-in see everything
    const transaction = await tenant.open(b.organizationId);
    const inside = await transaction.enter(async () => {
      const seen = await names();
      const nested = await tenant.db.transaction(async (tx) =>
        tx.execute<{ org: string }>(sql`select current_setting('netguard.organization_id') org`),
      );
      return { seen, org: nested.rows[0]?.org };
    });
    expect(inside).toEqual({ seen: [{ name: 'scan of b' }], org: b.organizationId });
    await transaction.finish();
    expect(await transaction.enter(names)).toHaveLength(2);
  });

  it('serves requests through it: one organization’s session never reaches the other’s scan', async () => {
    const [ofB] = await ctx.db
      .select({ id: scans.id })
      .from(scans)
      .where(sql`${scans.organizationId} = ${b.organizationId}`);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${ofB?.id}`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: b.auth });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('scan of b');
    expect(JSON.stringify(list.json())).not.toContain('scan of a');
  });
});

describe('security events are append-only for the application role', () => {
  // Permission checks of earlier requests are queued and written in batches; write them first
  // so that none lands between a test's two counts.
  const eventsOfA = async () => {
    await ctx.app.accessEvents.flush();
    return (
      await owner.pool.query<{ n: number }>(
        'select count(*)::int n from security_events where organization_id = $1',
        [a.organizationId],
      )
    ).rows[0]?.n;
  };

  it('it may not update, delete or truncate them, not even with the operator’s purge option', async () => {
    const before = await eventsOfA();
    expect(before).toBeGreaterThan(0);
    const client = await asApp(a.organizationId);
    try {
      await expect(client.query('delete from security_events')).rejects.toThrow(
        /permission denied for table security_events/,
      );
      await expect(
        client.query(`update security_events set description = 'edited'`),
      ).rejects.toThrow(/permission denied for table security_events/);
      await expect(client.query('truncate security_events')).rejects.toThrow(/permission denied/);
      await client.query('begin');
      await client.query('set local netguard.allow_event_delete = on');
      await expect(client.query('delete from security_events')).rejects.toThrow(
        /permission denied for table security_events/,
      );
      await client.query('rollback');
    } finally {
      await client.end();
    }
    expect(await eventsOfA()).toBe(before);
  });

  it('the purge option is the table owner’s alone: a role granted DELETE still cannot use it', async () => {
    const before = await eventsOfA();
    await owner.pool.query(`grant delete on security_events to ${APP_ROLE}`);
    const client = await asApp(a.organizationId);
    try {
      await client.query('begin');
      await client.query('set local netguard.allow_event_delete = on');
      await expect(client.query('delete from security_events')).rejects.toThrow(
        /only its owner may purge events/,
      );
      await client.query('rollback');
    } finally {
      await client.end();
      await owner.pool.query(`revoke delete on security_events from ${APP_ROLE}`);
    }
    expect(await eventsOfA()).toBe(before);
  });
});
