import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { TenantScope } from '../db/tenant-scope.ts';
import { SELF } from './permission-guard.ts';

/**
 * The route config of the few routes that act on a person across their organizations (joining
 * one, deleting the account): they run outside the organization's row-level security, scoped by
 * their queries alone.
 */
export const SELF_ACROSS_ORGANIZATIONS = { ...SELF, acrossOrganizations: true as const };

/**
 * Runs the handler of every route of this scope (registered after this call, behind the auth
 * guard) in a transaction of the application's database role with the caller's organization set,
 * so row-level security is a second wall behind the queries' own organization filters. The
 * transaction commits when the handler returns or starts its answer, whichever comes first, and
 * always before the answer leaves: the caller's next request sees what this one wrote.
 */
export function addTenantScope(app: FastifyInstance, tenant: TenantScope): void {
  const finishing = new WeakMap<FastifyRequest, () => Promise<void>>();
  app.addHook('onSend', async (request) => {
    await finishing
      .get(request)?.()
      .catch(() => undefined);
  });
  app.addHook('onRoute', (route) => {
    if ((route.config as { acrossOrganizations?: boolean } | undefined)?.acrossOrganizations)
      return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function scoped(request, reply) {
      const organizationId = request.auth?.organizationId;
      if (!organizationId) return handler.call(this, request, reply);
      const transaction = await tenant.open(organizationId);
      finishing.set(request, transaction.finish);
      try {
        const result = await transaction.enter(async () => handler.call(this, request, reply));
        await transaction.finish();
        return result;
      } catch (error) {
        await transaction.finish();
        throw error;
      }
    };
  });
}
