import type { TRole } from '@netguard/contracts';
import { userRoles } from '../src/db/schema.ts';
import type { Account, TestContext } from './helpers.ts';

export type Headers = { authorization: string };

/**
 * Makes `member` a `role` of `admin`'s organization (as an accepted invitation leaves it) and
 * moves the member's session there: the bearer headers of that session.
 */
export async function joinAs(
  ctx: TestContext,
  admin: Account,
  member: Account,
  role: TRole,
): Promise<Headers> {
  await ctx.db
    .insert(userRoles)
    .values({ userId: member.userId, organizationId: admin.organizationId, role });
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/organizations/switch',
    headers: member.auth,
    payload: { organization_id: admin.organizationId },
  });
  if (switched.statusCode !== 200) throw new Error(`switch failed: ${switched.body}`);
  return { authorization: `Bearer ${switched.json().access_token}` };
}

export const call = (
  ctx: TestContext,
  auth: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

export const message = (res: { json: () => { error: { message: string } } }) =>
  res.json().error.message;
