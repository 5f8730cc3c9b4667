import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';
import { ORGANIZATION_SETTING } from './row-security.ts';

type Scope = { tx: Executor; open: boolean; afterCommit: (() => Promise<unknown>)[] };

const storage = new AsyncLocalStorage<Scope>();

/**
 * Runs `work` once what the current scope wrote is committed (at once outside a scope): a job
 * sent to the queue must not reach a worker before the rows it names are visible. `work` handles
 * its own errors; the promise returned does not wait for deferred work.
 */
export async function afterCommit(work: () => Promise<unknown>): Promise<void> {
  const scope = storage.getStore();
  if (scope?.open) scope.afterCommit.push(work);
  else await work();
}

/** One organization's transaction of the application role, entered by the work it scopes. */
export type TenantTransaction = {
  /** Runs `work` (and everything it starts) with the scoped handle as `db`. */
  enter: <T>(work: () => T) => T;
  /**
   * Commits and ends the scope; later queries of the work use the owner's pool. Idempotent. A
   * statement that failed in the database has made PostgreSQL roll the transaction back.
   */
  finish: () => Promise<void>;
};

export type TenantScope = {
  /**
   * The handle services use: inside an entered transaction that transaction (row-level security
   * on the organization), elsewhere (jobs, sign-in, timers) the owner's pool.
   */
  db: Database['db'];
  /** Begins a transaction of the application role with the organization set for it. */
  open: (organizationId: string) => Promise<TenantTransaction>;
  /** Prepares the application role now rather than at the first request. */
  ready: () => Promise<void>;
};

/**
 * Request-scoped database access, the second wall of tenant isolation. Work that outlives its
 * scope (a download streamed after the handler returned) falls back to the owner's pool; its
 * queries are scoped in code like every query.
 */
export function createTenantScope(
  system: Database['db'],
  app: Database['db'],
  /** Makes the application role ready (once; again after a failure such as an outage). */
  prepare: () => Promise<void> = async () => undefined,
): TenantScope {
  let prepared: Promise<void> | undefined;
  const prepareOnce = () => {
    prepared ??= prepare().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    return prepared;
  };
  const db = new Proxy(system, {
    get(target, property) {
      const scope = storage.getStore();
      const handle = (scope?.open ? scope.tx : target) as typeof target;
      const value = Reflect.get(handle, property);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });

  async function open(organizationId: string): Promise<TenantTransaction> {
    await prepareOnce();
    let started!: (scope: Scope) => void;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const ready = new Promise<Scope>((resolve) => {
      started = resolve;
    });
    const done = app.transaction(async (tx) => {
      await tx.execute(sql`select set_config(${ORGANIZATION_SETTING}, ${organizationId}, true)`);
      const scope: Scope = { tx, open: true, afterCommit: [] };
      started(scope);
      await ended;
      scope.open = false;
    });
    const scope = await Promise.race([ready, done.then(() => null)]);
    if (!scope) throw new Error('the tenant transaction ended before it started');
    let finishing: Promise<void> | undefined;
    const finish = async () => {
      end();
      await done;
      for (const work of scope.afterCommit.splice(0)) await work();
    };
    return {
      enter: (work) => storage.run(scope, work),
      finish() {
        finishing ??= finish();
        return finishing;
      },
    };
  }

  return { db, open, ready: prepareOnce };
}
