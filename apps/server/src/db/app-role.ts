import { createHmac } from 'node:crypto';
import pg from 'pg';
import { MIGRATION_LOCK_ID } from './migrate.ts';

/** The database role request handlers use: no superuser, no BYPASSRLS, owns nothing. */
export const APP_ROLE = 'netguard_app';
const INSUFFICIENT_PRIVILEGE = '42501';
const DUPLICATE = new Set(['42710', '23505']);
const CONCURRENT_UPDATE = 'XX000';

/**
 * The URL request handlers connect with: `DATABASE_APP_URL` when the operator made the role, or
 * the owner's URL with the built-in role and a password derived from the secret key.
 */
export function appRoleUrl(ownerUrl: string, secret: string, explicit?: string): string {
  if (explicit) return explicit;
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = appRolePassword(secret);
  return url.href;
}

function appRolePassword(secret: string): string {
  return createHmac('sha256', secret).update('netguard database application role').digest('hex');
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * As the owner: makes sure the application role exists with the derived password (unless the
 * operator gave `DATABASE_APP_URL`), may use every table, and cannot bypass row-level security.
 */
export async function prepareAppRole(ownerUrl: string, appUrl: string, derived: boolean) {
  const role = decodeURIComponent(new URL(appUrl).username);
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    if (derived && !(await canConnect(appUrl)))
      await createOrUpdateRole(owner, role, decodeURIComponent(new URL(appUrl).password));
    const { rows } = await owner.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
      [role],
    );
    const found = rows[0];
    if (!found) throw new Error(`The database role ${role} of DATABASE_APP_URL does not exist`);
    if (found.rolsuper || found.rolbypassrls)
      throw new Error(
        `The database role ${role} can bypass row-level security (superuser or BYPASSRLS); ` +
          'NetGuard refuses to serve requests through it',
      );
    const db = quote((await owner.query<{ d: string }>('select current_database() d')).rows[0]!.d);
    const r = quote(role);
    // Serialised with the migrations: two instances granting at once collide in the catalog.
    await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await owner.query(`grant connect on database ${db} to ${r}`);
      await owner.query(`grant usage on schema public to ${r}`);
      await owner.query(
        `grant select, insert, update, delete on all tables in schema public to ${r}`,
      );
      // Security events are append-only for request handlers: they only add to the hash chain.
      // Revoked after the grant above, so databases granted before this hold it too.
      await owner.query(`revoke update, delete, truncate on security_events from ${r}`);
      await owner.query(`grant usage, select on all sequences in schema public to ${r}`);
      // Ending a scan drops its chunks' waiting jobs in the same transaction.
      const boss = await owner.query(`select 1 from pg_namespace where nspname = 'pgboss'`);
      if (boss.rowCount) {
        await owner.query(`grant usage on schema pgboss to ${r}`);
        await owner.query(`grant select, delete on all tables in schema pgboss to ${r}`);
      }
    } finally {
      await owner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await owner.end();
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createOrUpdateRole(owner: pg.Client, role: string, password: string) {
  const exists = await owner.query('select 1 from pg_roles where rolname = $1', [role]);
  const attributes = `login password ${literal(password)} nosuperuser nobypassrls nocreatedb nocreaterole`;
  try {
    if (exists.rowCount) await owner.query(`alter role ${quote(role)} ${attributes}`);
    else await owner.query(`create role ${quote(role)} ${attributes}`);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    // Another instance (or test database on the same server) made or changed it at that moment.
    if (DUPLICATE.has(code) || code === CONCURRENT_UPDATE) return;
    if (code === INSUFFICIENT_PRIVILEGE)
      throw new Error(
        `The DATABASE_URL user may not create the role ${role} that request handlers use for ` +
          'row-level security: grant it CREATEROLE, or create a role without BYPASSRLS yourself ' +
          'and set DATABASE_APP_URL',
      );
    throw error;
  }
}

/** A password is hex from an HMAC, so quoting is only for safety. */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
