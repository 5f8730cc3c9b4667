import {
  can,
  PERMISSION_DENIED,
  type TPermissionAction,
  type TPermissionResource,
  type TRoutePermission,
} from '@netguard/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requestMeta } from '../lib/request-meta.ts';
import type { AccessEvents } from '../modules/audit/access-events.ts';
import { caller } from './auth-guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs from the permission matrix (contracts ROLE_PERMISSIONS). */
    permission?: TRoutePermission;
  }
}

/** A guarded route and what it declared, e.g. `GET /api/scans/:id` needs scan read. */
export type DeclaredPermission = { method: string; url: string; permission: TRoutePermission };

/**
 * Refuses to register a route of this scope that declares no permission, and lists each
 * declaration in `registry` (the app's routePermissions).
 */
export function requireDeclaredPermissions(
  app: FastifyInstance,
  registry: DeclaredPermission[] = [],
): void {
  app.addHook('onRoute', (route) => {
    const config = route.config as { permission?: TRoutePermission } | undefined;
    if (!config?.permission)
      throw new Error(`${route.method} ${route.url} declares no permission (config.permission)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        registry.push({ method, url: route.url, permission: config.permission });
    }
  });
}

/**
 * The one permission guard: after the auth guard, checks the caller's role against the route's
 * declared permission, answers 403 with the reason when the matrix does not allow it, and
 * queues a data_access event for every check. `self` routes act on the caller's own account.
 */
export function addPermissionGuard(
  app: FastifyInstance,
  events: AccessEvents,
  registry: DeclaredPermission[],
): void {
  requireDeclaredPermissions(app, registry);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'self') return;
    const auth = caller(request);
    const granted = can(auth.role, permission.resource, permission.action);
    events.record({
      userId: auth.userId,
      organizationId: auth.organizationId,
      resource: permission.resource,
      action: permission.action,
      granted,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      apiKey: auth.apiKeyId !== undefined,
      at: new Date(),
      meta: requestMeta(request),
    });
    if (!granted)
      throw new AppError(
        'forbidden',
        403,
        permission.denied ?? PERMISSION_DENIED[permission.resource],
      );
  });
}

/** Route config for a route that needs `action` on `resource`; `denied` overrides the 403 text. */
export const needs = (
  resource: TPermissionResource,
  action: TPermissionAction,
  denied?: string,
): { permission: TRoutePermission } => ({
  permission: denied ? { resource, action, denied } : { resource, action },
});

/** Route config for what a signed-in user does to their own account. */
export const SELF: { permission: TRoutePermission } = { permission: 'self' };
