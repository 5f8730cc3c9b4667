// The security suite's canaries (packages/selftest CanaryProvider): a throw-away organization with
// one confirmed user of each role, a second throw-away organization holding a scan only its admin
// may read, users of their own for the sign-in and session tests, an access token already expired,
// and role probes taken from the permission declarations of the app's own routes. Everything is
// removed afterwards, by cascade from the users (their personal organizations go with them).
import { randomBytes, randomUUID } from 'node:crypto';
import { ROLES, rolesAllowed, type TRole, type TTierTable } from '@netguard/contracts';
import type { CanaryProvider, CanarySet, CanaryUser, RoleProbe } from '@netguard/selftest';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { scans, subscriptions, userRoles, users } from '../../db/schema.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import type { DeclaredPermission } from '../../plugins/permission-guard.ts';
import { insertCanaryAccount } from './canary.ts';

const DAY_MS = 86_400_000;

type Deps = {
  db: Executor;
  routePermissions: readonly DeclaredPermission[];
  tokens: AccessTokens;
  /** Product ids of the tiers: the canaries are on Enterprise, so plans never hide a route. */
  tiers: TTierTable;
};

type Made = CanaryUser & { userId: string };

/**
 * One GET per permission (resource and action) that the routes declare, on a path without
 * parameters: reads, safe to send as every role. The shortest path of each is taken.
 */
export function roleProbesOf(declared: readonly DeclaredPermission[]): RoleProbe[] {
  const byPermission = new Map<string, { url: string; allowed: TRole[] }>();
  for (const { method, url, permission } of declared) {
    if (method !== 'GET' || url.includes(':') || url.includes('*') || permission === 'self')
      continue;
    const key = `${permission.resource}:${permission.action}`;
    const known = byPermission.get(key);
    if (!known || url.length < known.url.length)
      byPermission.set(key, { url, allowed: rolesAllowed(permission.resource, permission.action) });
  }
  return [...byPermission.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([permission, { url, allowed }]) => ({ method: 'GET', path: url, allowed, permission }));
}

export function createSecurityCanaries({
  db,
  routePermissions,
  tokens,
  tiers,
}: Deps): CanaryProvider {
  const tag = () => randomBytes(5).toString('hex');

  async function user(role: TRole, label: string): Promise<Made> {
    const made = await insertCanaryAccount(db, label);
    await db
      .update(subscriptions)
      .set({
        subscribed: true,
        productId: tiers.Enterprise,
        subscriptionEnd: new Date(Date.now() + DAY_MS),
      })
      .where(inArray(subscriptions.userId, [made.userId]));
    return {
      email: made.email,
      password: made.password,
      role,
      organizationId: made.organizationId,
      userId: made.userId,
    };
  }

  async function member(organizationId: string, role: TRole, label: string): Promise<Made> {
    const made = await user(role, label);
    await db.insert(userRoles).values({ userId: made.userId, organizationId, role });
    return { ...made, organizationId };
  }

  const created = new Map<CanarySet, string[]>();

  return {
    async create() {
      const ids: string[] = [];
      const keep = (made: Made): CanaryUser => {
        ids.push(made.userId);
        const { userId: _userId, ...canary } = made;
        return canary;
      };
      try {
        const admin = await user('admin', 'admin');
        const org = admin.organizationId;
        const roleUsers = { admin: keep(admin) } as Record<TRole, CanaryUser>;
        for (const role of ROLES.filter((r) => r !== 'admin'))
          roleUsers[role] = keep(await member(org, role, role));
        const other = await user('admin', 'other');
        const otherAdmin = keep(other);
        const marker = `canary-scan-${tag()}`;
        const [scan] = await db
          .insert(scans)
          .values({
            userId: other.userId,
            organizationId: otherAdmin.organizationId,
            scanName: marker,
            scanType: 'network',
            targetHosts: ['192.0.2.1'],
            status: 'completed',
            progress: 100,
          })
          .returning({ id: scans.id });
        const signInUser = keep(await member(org, 'viewer', 'signin'));
        const sessionMade = await member(org, 'viewer', 'session');
        const sessionUser = keep(sessionMade);
        const expired = await tokens.sign(
          { userId: sessionMade.userId, organizationId: org, sessionId: randomUUID() },
          -60,
        );
        const set: CanarySet = {
          organization: { id: org, users: roleUsers },
          otherOrganization: {
            id: otherAdmin.organizationId,
            admin: otherAdmin,
            resources: [{ path: `/api/scans/${scan!.id}`, marker }],
          },
          signInUser,
          sessionUser,
          expiredAccessToken: expired.token,
          roleProbes: roleProbesOf(routePermissions),
        };
        created.set(set, ids);
        return set;
      } catch (error) {
        await removeUsers(db, ids);
        throw error;
      }
    },
    async remove(set) {
      await removeUsers(db, created.get(set) ?? []);
      created.delete(set);
    },
  };
}

/** Deletes the canary users; their personal organizations and every row in them go by cascade. */
async function removeUsers(db: Executor, ids: string[]) {
  if (ids.length) await db.delete(users).where(inArray(users.id, ids));
}
