// What one AWS check is: a pure function from the collected inventory to the resources that fail
// it. The scanner adds the check's id, provider, account and resource type.
import type { Finding } from '../types.ts';
import type { AwsInventory, RegionInventory } from './inventory.ts';

export type Hit = Pick<
  Finding,
  'region' | 'resourceId' | 'detail' | 'evidence' | 'tags' | 'publicAddresses' | 'exposedPorts'
>;

export type AwsCheck = { id: string; evaluate: (inventory: AwsInventory) => Hit[] };

const DAY_MS = 86_400_000;

/** A hit per item of each region's inventory that `fails`. */
export const regionalHits =
  <T>(
    items: (r: RegionInventory) => T[] | undefined,
    fails: (item: T, r: RegionInventory, account: string) => Omit<Hit, 'region'> | undefined,
  ) =>
  (inv: AwsInventory): Hit[] =>
    inv.regions.flatMap((r) =>
      (items(r) ?? []).flatMap((item) => {
        const hit = fails(item, r, inv.account);
        return hit ? [{ region: r.region, ...hit }] : [];
      }),
    );

/** Whole days from `date` to `now`; undefined for a missing or unparsable date. */
export function daysSince(date: string | Date | undefined, now: Date): number | undefined {
  if (!date) return undefined;
  const at = date instanceof Date ? date.getTime() : Date.parse(date);
  return Number.isNaN(at) ? undefined : Math.floor((now.getTime() - at) / DAY_MS);
}

/** Tags as a plain record. */
export const tagsOf = (tags: { Key?: string; Value?: string }[] | undefined) =>
  tags?.length ? Object.fromEntries(tags.map((t) => [t.Key ?? '', t.Value ?? ''])) : undefined;

type Statement = {
  Effect?: string;
  Principal?: unknown;
  Action?: string | string[];
  Resource?: string | string[];
  Condition?: unknown;
};

/** The statements of an IAM or resource policy document (JSON text). */
export function statementsOf(document: string): Statement[] {
  const parsed = JSON.parse(document) as { Statement?: Statement | Statement[] };
  return [parsed.Statement ?? []].flat();
}

/** `value` is `item` or an array holding it. */
export const includes = (value: unknown, item: string) =>
  value === item || (Array.isArray(value) && value.includes(item));

/** A statement's principal names everyone: `"*"` or `{ "AWS": "*" }`. */
export const namesEveryone = (principal: unknown) =>
  principal === '*' || includes((principal as { AWS?: unknown } | undefined)?.AWS, '*');

/** Statements of a resource policy that allow anyone, with no condition to narrow them. */
export const publicStatements = (policy: string) =>
  statementsOf(policy).filter(
    (s) => s.Effect === 'Allow' && !s.Condition && namesEveryone(s.Principal),
  );

/** A finding's text for a resource policy open to anyone; undefined when it is not. */
export function openPolicy(what: string, policy: string | null | undefined) {
  const statements = policy ? publicStatements(policy) : [];
  if (!statements.length) return undefined;
  const actions = statements.flatMap((s) => [s.Action ?? []].flat());
  return {
    detail: `${what}'s policy lets anyone (Principal "*", no condition) ${actions.join(', ')}.`,
    evidence: { statements },
  };
}

/**
 * Statements that allow every action (`"*"` or `"*:*"`) on every resource (`"*"`): administrator
 * access. A Condition does not exempt one (it limits when, not what: MFA-gated admins are admins,
 * as CIS AWS 1.16 counts them); Deny, NotAction and NotResource statements are not admin grants.
 */
export const adminStatements = (document: string) =>
  statementsOf(document).filter(
    (s) =>
      s.Effect === 'Allow' &&
      (includes(s.Action, '*') || includes(s.Action, '*:*')) &&
      includes(s.Resource, '*'),
  );
