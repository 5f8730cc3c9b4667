// A tiny fake of NetGuard's auth and API surface for the application-logic tests: sign-in with a
// lockout, HS256 access tokens, rotating refresh tokens with reuse detection, sign-out, a profile,
// a password change, role-guarded and organization-scoped routes, and its OpenAPI document. Bad
// mode has the flaws the tests must catch; the canary provider adds and removes users in memory.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROLES, type TRole } from '@netguard/contracts';
import type { CanaryProvider, CanarySet, CanaryUser } from '../security/canary.ts';
import { type Claims, signHs256, verifyHs256 } from './jwt-hs256.ts';
import { type Mode, STACK, sendJson } from './site.ts';

/** Like NetGuard, every user also owns a personal organization, where a session starts (as admin). */
type User = CanaryUser & { id: string; personalOrg: string };
type Refresh = {
  userId: string;
  family: string;
  org: string;
  rotatedTo?: string;
  revoked: boolean;
};

const COMMON = new Set(['P@ssw0rd', 'Password1!', 'Welcome1!', 'Passw0rd!']);
const LOCKOUT = 5;
export const FAKE_COOKIES = { refreshCookie: '__Host-ng_refresh', csrfCookie: '__Host-ng_csrf' };

export function createFakeNetGuard(mode: Mode, secure: boolean) {
  const bad = mode === 'bad';
  const key = randomBytes(32).toString('hex');
  const users = new Map<string, User>();
  const failures = new Map<string, number>();
  const refreshTokens = new Map<string, Refresh>();
  const liveSessions = new Set<string>();
  const scans = new Map<string, { org: string; name: string }>();
  if (bad)
    users.set('admin@netguard.local', {
      id: randomUUID(),
      email: 'admin@netguard.local',
      password: 'admin',
      role: 'admin',
      organizationId: randomUUID(),
      personalOrg: randomUUID(),
    });

  const cookieAttrs = secure && !bad ? '; Path=/; Secure; HttpOnly; SameSite=Strict' : '; Path=/';
  const issue = (user: User, family: string, org: string) => {
    const refresh = randomBytes(24).toString('base64url');
    refreshTokens.set(refresh, { userId: user.id, family, org, revoked: false });
    liveSessions.add(family);
    const access = signHs256(
      {
        sub: user.id,
        org,
        sid: family,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 900,
      },
      key,
    );
    return { access, refresh };
  };
  const findUser = (id: string) => [...users.values()].find((u) => u.id === id);
  const caller = (req: IncomingMessage): (Claims & { user: User; role: TRole }) | null => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const claims = token
      ? verifyHs256(token, key, { acceptAlgNone: bad, ignoreExpiry: bad })
      : null;
    if (!claims) return null;
    if (!bad && !liveSessions.has(claims.sid)) return null;
    const user = findUser(claims.sub);
    if (!user) return null;
    return { ...claims, user, role: claims.org === user.organizationId ? user.role : 'admin' };
  };
  const cookies = (req: IncomingMessage) =>
    Object.fromEntries(
      (req.headers.cookie ?? '').split(';').map((c) => c.trim().split('=') as [string, string]),
    );
  const refuse = (res: ServerResponse) =>
    sendJson(res, 401, { error: 'unauthorized', message: 'Authentication required' });

  async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
    let text = '';
    for await (const chunk of req) text += chunk;
    try {
      return JSON.parse(text || '{}');
    } catch {
      return {};
    }
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    headers: Record<string, string>,
  ) {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = `${req.method} ${url.pathname}`;
    const send = (
      status: number,
      payload: unknown,
      extra: Record<string, string | string[]> = {},
    ) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        ...headers,
        ...extra,
      });
      res.end(JSON.stringify(payload));
    };
    if (route === 'POST /api/auth/sign-in') {
      const { email = '', password = '' } = (await body(req)) as {
        email?: string;
        password?: string;
      };
      const count = failures.get(email) ?? 0;
      if (!bad && count >= LOCKOUT)
        return send(423, { error: 'account_locked', message: 'Account locked for 15 minutes' });
      const user = users.get(email);
      if (!user || user.password !== password) {
        failures.set(email, count + 1);
        return send(401, { error: 'invalid_credentials', message: 'Invalid email or password' });
      }
      failures.delete(email);
      const { access, refresh } = issue(user, randomUUID(), user.personalOrg);
      const csrf = randomBytes(12).toString('hex');
      return send(
        200,
        { access_token: access, user: { email: user.email, organization_id: user.personalOrg } },
        {
          'set-cookie': [
            `${FAKE_COOKIES.refreshCookie}=${refresh}${cookieAttrs}`,
            `${FAKE_COOKIES.csrfCookie}=${csrf}${secure && !bad ? '; Path=/; Secure; SameSite=Strict' : '; Path=/'}`,
          ],
        },
      );
    }
    if (route === 'POST /api/auth/refresh') {
      const jar = cookies(req);
      const presented = jar[FAKE_COOKIES.refreshCookie] ?? '';
      if (jar[FAKE_COOKIES.csrfCookie] !== req.headers['x-netguard-csrf'])
        return send(403, { error: 'csrf', message: 'CSRF check failed' });
      const row = refreshTokens.get(presented);
      const expired = () => send(401, { error: 'unauthorized', message: 'Session expired' });
      if (!row) return expired();
      // A rotated token coming back is reuse: the good fake ends the whole family, the bad one serves it.
      if (row.revoked && !(bad && row.rotatedTo)) {
        if (row.rotatedTo) {
          for (const r of refreshTokens.values()) if (r.family === row.family) r.revoked = true;
          liveSessions.delete(row.family);
        }
        return expired();
      }
      const user = findUser(row.userId);
      if (!user || !liveSessions.has(row.family))
        return send(401, { error: 'unauthorized', message: 'Session expired' });
      const next = issue(user, row.family, row.org);
      row.revoked = true;
      row.rotatedTo = next.refresh;
      return send(
        200,
        { access_token: next.access },
        { 'set-cookie': `${FAKE_COOKIES.refreshCookie}=${next.refresh}${cookieAttrs}` },
      );
    }
    if (route === 'POST /api/auth/sign-out') {
      const who = caller(req);
      if (who && !bad) {
        liveSessions.delete(who.sid);
        for (const r of refreshTokens.values()) if (r.family === who.sid) r.revoked = true;
      }
      return send(200, { message: 'Signed out' });
    }
    if (route === 'GET /api/openapi.json') return send(200, openApiDocument());
    if (route === 'GET /api/debug/users' && bad) return send(200, { items: [...users.keys()] });
    const who = caller(req);
    if (!who) return refuse(res);
    if (route === 'GET /api/profile') return send(200, { email: who.user.email, role: who.role });
    if (route === 'POST /api/organizations/switch') {
      const { organization_id } = (await body(req)) as { organization_id?: string };
      if (organization_id !== who.user.organizationId)
        return send(404, { error: 'not_found', message: 'Not a member' });
      const exp = Math.floor(Date.now() / 1000) + 900;
      const token = signHs256({ sub: who.sub, org: organization_id, sid: who.sid, exp }, key);
      for (const r of refreshTokens.values()) if (r.family === who.sid) r.org = organization_id;
      return send(200, { access_token: token, user: { email: who.user.email, organization_id } });
    }
    if (route === 'POST /api/account/password') {
      const { current_password, new_password } = (await body(req)) as Record<string, string>;
      if (current_password !== who.user.password)
        return send(400, { error: 'invalid', message: 'Current password is wrong' });
      if (!bad && COMMON.has(new_password ?? ''))
        return send(400, { error: 'validation', message: 'This password is too common' });
      who.user.password = new_password ?? '';
      return send(200, { message: 'Password updated' });
    }
    if (route === 'PUT /api/settings/organization') {
      if (!bad && who.role !== 'admin')
        return send(403, { error: 'forbidden', message: 'Admins only' });
      return send(200, { id: who.org, updated: true });
    }
    const scan = /^GET \/api\/scans\/([\w-]+)$/.exec(route);
    if (scan) {
      const row = scans.get(scan[1] ?? '');
      if (!row || (!bad && row.org !== who.org))
        return send(404, { error: 'not_found', message: 'Scan not found' });
      return send(200, { id: scan[1], name: row.name });
    }
    if (route === 'GET /api/debug/users') return send(200, { items: [...users.keys()] });
    if (bad) return send(500, { error: 'internal', message: STACK });
    return send(404, { error: 'not_found', message: 'Not found' });
  }

  const canary: CanaryProvider = {
    async create() {
      const org = randomUUID();
      const other = randomUUID();
      const make = (role: TRole, organizationId: string, label: string): CanaryUser => {
        const user: User = {
          id: randomUUID(),
          email: `canary-${label}-${randomBytes(4).toString('hex')}@selftest.invalid`,
          password: `Canary-${randomBytes(8).toString('hex')}!1`,
          role,
          organizationId,
          personalOrg: randomUUID(),
        };
        users.set(user.email, user);
        return user;
      };
      const scanId = randomUUID();
      const marker = `canary-scan-${randomBytes(4).toString('hex')}`;
      scans.set(scanId, { org: other, name: marker });
      const sessionUser = make('viewer', org, 'session');
      const sessionUserId = users.get(sessionUser.email)?.id ?? '';
      const expiredAt = Math.floor(Date.now() / 1000) - 60;
      const set: CanarySet = {
        organization: {
          id: org,
          users: Object.fromEntries(ROLES.map((r) => [r, make(r, org, r)])) as Record<
            TRole,
            CanaryUser
          >,
        },
        otherOrganization: {
          id: other,
          admin: make('admin', other, 'other'),
          resources: [{ path: `/api/scans/${scanId}`, marker }],
        },
        signInUser: make('viewer', org, 'sign-in'),
        sessionUser,
        // As the server would mint it: genuine, but a minute past its expiry.
        expiredAccessToken: signHs256(
          { sub: sessionUserId, org, sid: randomUUID(), exp: expiredAt },
          key,
        ),
        roleProbes: [
          {
            method: 'PUT',
            path: '/api/settings/organization',
            body: { name: 'canary' },
            allowed: ['admin'],
            permission: 'organization:update',
          },
        ],
      };
      return set;
    },
    async remove(set) {
      const all = [
        ...Object.values(set.organization.users),
        set.otherOrganization.admin,
        set.signInUser,
        set.sessionUser,
      ];
      for (const u of all) users.delete(u.email);
      for (const [id, s] of scans) if (s.org === set.otherOrganization.id) scans.delete(id);
    },
  };

  return { handle, canary, userCount: () => users.size };
}

function openApiDocument() {
  const op = (security?: unknown[]) => ({
    responses: { 200: { description: 'ok' } },
    ...(security ? { security } : {}),
  });
  return {
    openapi: '3.0.3',
    info: { title: 'NetGuard API (fake)', version: '0' },
    paths: {
      '/api/auth/sign-in': { post: op([]) },
      '/api/profile': { get: op() },
      '/api/account/password': { post: op() },
      '/api/settings/organization': { put: op() },
      '/api/scans/{id}': { get: op() },
      '/api/debug/users': { get: op() },
    },
  };
}
