import type { TAssetContextQuery } from '@netguard/contracts';
import { and, arrayContains, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { assetContexts, vulnerabilities } from '../../db/schema.ts';

const a = assetContexts;

export type AssetContextRow = typeof a.$inferSelect;
export type AssetContextValues = Omit<
  typeof a.$inferInsert,
  'id' | 'organizationId' | 'updatedBy' | 'updatedAt'
>;

/**
 * The organization's contexts: all of them; those that apply to a host (its own and the tag
 * contexts its tags name); or a tag's context and the host contexts listing that tag.
 */
export async function listContexts(
  db: Executor,
  organizationId: string,
  query: TAssetContextQuery,
): Promise<AssetContextRow[]> {
  const filters: SQL[] = [];
  if (query.host !== undefined) {
    const [own] = await db
      .select({ tags: a.tags })
      .from(a)
      .where(
        and(eq(a.organizationId, organizationId), eq(a.kind, 'host'), eq(a.target, query.host)),
      );
    const ofHost = and(eq(a.kind, 'host'), eq(a.target, query.host));
    filters.push(
      own?.tags.length
        ? (or(ofHost, and(eq(a.kind, 'tag'), inArray(a.target, own.tags))) as SQL)
        : (ofHost as SQL),
    );
  }
  if (query.tag !== undefined)
    filters.push(
      or(
        and(eq(a.kind, 'tag'), eq(a.target, query.tag)),
        and(eq(a.kind, 'host'), arrayContains(a.tags, [query.tag])),
      ) as SQL,
    );
  return db
    .select()
    .from(a)
    .where(and(eq(a.organizationId, organizationId), ...filters))
    .orderBy(asc(a.kind), asc(a.target));
}

/** Creates or replaces the context of (kind, target) in the organization. */
export async function upsertContext(
  db: Executor,
  organizationId: string,
  userId: string,
  values: AssetContextValues,
): Promise<AssetContextRow> {
  const set = { ...values, updatedBy: userId, updatedAt: new Date() };
  const [row] = await db
    .insert(a)
    .values({ ...set, organizationId })
    .onConflictDoUpdate({ target: [a.organizationId, a.kind, a.target], set })
    .returning();
  if (!row) throw new Error('asset context upsert returned no row');
  return row;
}

/** Deletes a context of the organization; null when it has none with that id. */
export async function deleteContext(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<AssetContextRow | null> {
  const [row] = await db
    .delete(a)
    .where(and(eq(a.id, id), eq(a.organizationId, organizationId)))
    .returning();
  return row ?? null;
}

/** Hosts a context applies to: its host, or the hosts whose host context lists its tag. */
export async function hostsOf(
  db: Executor,
  organizationId: string,
  row: Pick<AssetContextRow, 'kind' | 'target'>,
): Promise<string[]> {
  if (row.kind === 'host') return [row.target];
  const tagged = await db
    .select({ host: a.target })
    .from(a)
    .where(
      and(
        eq(a.organizationId, organizationId),
        eq(a.kind, 'host'),
        arrayContains(a.tags, [row.target]),
      ),
    );
  return tagged.map((t) => t.host);
}

/** Ids of the organization's vulnerabilities on the given hosts. */
export async function vulnerabilityIdsOn(
  db: Executor,
  organizationId: string,
  hosts: string[],
): Promise<string[]> {
  if (!hosts.length) return [];
  const rows = await db
    .select({ id: vulnerabilities.id })
    .from(vulnerabilities)
    .where(
      and(eq(vulnerabilities.organizationId, organizationId), inArray(vulnerabilities.host, hosts)),
    );
  return rows.map((r) => r.id);
}
