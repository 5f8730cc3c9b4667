import { randomUUID } from 'node:crypto';
import { can, PERMISSION_DENIED, ROLES, type TRole } from '@netguard/contracts';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, userRoles } from '../src/db/schema.ts';
import { requireDeclaredPermissions } from '../src/plugins/permission-guard.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let owner: Account;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'matrix-owner@example.com', 'Enterprise');
});
afterAll(() => ctx?.close());

const setRole = (who: Account, role: TRole) =>
  ctx.db.update(userRoles).set({ role }).where(eq(userRoles.userId, who.userId));

/** A concrete path for a route pattern: ids are fresh UUIDs, a feed source is a real one. */
const concrete = (url: string) =>
  url.replace(':source', 'kev').replace(/:[a-z_]+/gi, () => randomUUID());

/** Public operations: sign-in and sign-up (password and SSO), health, the billing webhook (signed by Stripe). */
const PUBLIC = [/^\/api\/health$/, /^\/api\/auth\//, /^\/api\/sso\//, /^\/api\/billing\/webhook$/];

describe('one permission matrix, one guard', () => {
  it('covers every operation of the OpenAPI document that needs a session', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = Object.entries(doc.paths as Record<string, object>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
    );
    const declared = new Set(ctx.app.routePermissions.map((r) => `${r.method} ${r.url}`));
    const guarded = operations.filter((op) => !PUBLIC.some((p) => p.test(op.split(' ')[1] ?? '')));
    expect(guarded.length).toBeGreaterThan(60);
    expect(guarded.filter((op) => !declared.has(op))).toEqual([]);
  });

  it('refuses to register a guarded route that declares no permission', async () => {
    const app = Fastify();
    const registered: string[] = [];
    await app.register(async (scope) => {
      requireDeclaredPermissions(scope);
      scope.get('/declared', { config: { permission: 'self' } }, async () => 'ok');
      registered.push('/declared');
      expect(() => scope.get('/undeclared', async () => 'no')).toThrow(
        'GET /undeclared declares no permission',
      );
    });
    await app.ready();
    expect(registered).toEqual(['/declared']);
    expect((await app.inject({ url: '/undeclared' })).statusCode).toBe(404);
    await app.close();
  });

  it('gives each role exactly its permissions: allowed passes the guard, forbidden is 403 with the reason, each check is a data_access event', async () => {
    const checked = ctx.app.routePermissions.flatMap((r) =>
      r.permission === 'self' ? [] : [{ ...r, permission: r.permission }],
    );
    expect(checked.length).toBeGreaterThan(40);
    const expected = { granted: 0, denied: 0 };
    for (const role of ROLES) {
      await setRole(owner, role);
      for (const route of checked) {
        const { resource, action, denied } = route.permission;
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: owner.auth,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const reason = denied ?? PERMISSION_DENIED[resource];
        const label = `${role} ${route.method} ${route.url}`;
        if (can(role, resource, action)) {
          expected.granted++;
          const refusedByGuard =
            response.statusCode === 403 && response.json().error?.message === reason;
          expect(refusedByGuard, label).toBe(false);
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expected.denied++;
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error, label).toEqual({ code: 'forbidden', message: reason });
        }
      }
    }
    await setRole(owner, 'admin');
    await ctx.app.accessEvents.flush();
    const counts = await ctx.db
      .select({
        severity: securityEvents.severity,
        granted: sql<boolean>`(${securityEvents.metadata}->>'granted')::boolean`,
        n: sql<number>`count(*)::int`,
      })
      .from(securityEvents)
      .where(
        and(eq(securityEvents.userId, owner.userId), eq(securityEvents.eventType, 'data_access')),
      )
      .groupBy(securityEvents.severity, sql`2`);
    expect(counts).toEqual(
      expect.arrayContaining([
        { severity: 'low', granted: true, n: expected.granted },
        { severity: 'medium', granted: false, n: expected.denied },
      ]),
    );
    expect(counts).toHaveLength(2);
  });

  it('writes the events off the request path and loses none on a clean shutdown', async () => {
    const other = await createTestApp();
    try {
      const who = await createAccount(other, 'matrix-shutdown@example.com', 'Enterprise');
      for (let i = 0; i < 30; i++)
        await other.app.inject({ method: 'GET', url: '/api/dashboard', headers: who.auth });
      // Recorded synchronously, written later: no timer can run between these lines.
      const before = other.app.accessEvents.pending();
      for (let i = 0; i < 20; i++)
        other.app.accessEvents.record({
          userId: who.userId,
          organizationId: who.organizationId,
          resource: 'scan',
          action: 'read',
          granted: true,
          route: 'GET /api/scans',
          apiKey: false,
          at: new Date(),
          meta: { ip: '127.0.0.1', userAgent: null },
        });
      expect(other.app.accessEvents.pending()).toBe(before + 20);
      await other.app.close();
      const rows = await other.db
        .select({ n: sql<number>`count(*)::int` })
        .from(securityEvents)
        .where(
          and(eq(securityEvents.userId, who.userId), eq(securityEvents.eventType, 'data_access')),
        );
      expect(rows[0]?.n).toBe(50);
    } finally {
      await other.close();
    }
  });
});
