import { VALIDATION_MESSAGES as M } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createTestApp, signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let account: Account;
beforeAll(async () => {
  ctx = await createTestApp();
  account = await createAccount(ctx, 'validator@example.com', 'Enterprise');
});
afterAll(() => ctx.close());

describe('validation messages come back verbatim', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['short password', { email: 'a@example.com', password: 'Ab1!' }, M.passwordTooShort],
    [
      'long password',
      { email: 'a@example.com', password: `Ab1!${'a'.repeat(130)}` },
      M.passwordTooLong,
    ],
    ['weak password', { email: 'a@example.com', password: 'abcdefgh' }, M.passwordComplexity],
    ['bad email', { email: 'not-an-email', password: 'Str0ng!Pass' }, M.emailInvalid],
    [
      'long email',
      { email: `${'a'.repeat(250)}@example.com`, password: 'Str0ng!Pass' },
      M.emailTooLong,
    ],
    [
      'short username',
      { email: 'a@example.com', password: 'Str0ng!Pass', username: 'ab' },
      M.usernameTooShort,
    ],
    [
      'long username',
      { email: 'a@example.com', password: 'Str0ng!Pass', username: 'a'.repeat(51) },
      M.usernameTooLong,
    ],
    [
      'username chars',
      { email: 'a@example.com', password: 'Str0ng!Pass', username: 'bad name!' },
      M.usernameChars,
    ],
  ];
  for (const [name, payload, message] of cases) {
    it(`sign-up: ${name}`, async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('validation_error');
      expect(error.message).toBe(message);
      expect(error.details[0].message).toBe(message);
    });
  }

  it('scan rules', async () => {
    const post = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/scans', headers: account.auth, payload });
    const base = { scan_name: 'Weekly', scan_type: 'network', target_hosts: ['127.0.0.1'] };
    const expectMessage = async (payload: Record<string, unknown>, message: string) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    };
    await expectMessage({ ...base, scan_name: '' }, M.scanNameRequired);
    await expectMessage({ ...base, scan_name: 'x'.repeat(101) }, M.scanNameTooLong);
    await expectMessage({ ...base, scan_name: 'drop;table' }, M.scanNameChars);
    await expectMessage({ ...base, scan_type: 'nmap' }, M.scanTypeInvalid);
    await expectMessage({ ...base, target_hosts: [] }, M.targetsRequired);
    await expectMessage({ ...base, target_hosts: ['999.1.1.1'] }, M.targetInvalid);
    await expectMessage({ ...base, target_hosts: Array(101).fill('127.0.0.1') }, M.targetsTooMany);
  });

  it('defaults the username to the part of the email before the @', async () => {
    expect((await signUp(ctx, 'default.name@example.com', 'Str0ng!Pass', '')).statusCode).toBe(201);
  });
});

type Route = { method: 'GET' | 'POST' | 'PATCH'; url: string; auth?: boolean };

const ROUTES: Route[] = [
  { method: 'POST', url: '/api/auth/sign-up' },
  { method: 'POST', url: '/api/auth/sign-in' },
  { method: 'POST', url: '/api/auth/confirm' },
  { method: 'POST', url: '/api/auth/password-reset' },
  { method: 'POST', url: '/api/auth/refresh' },
  { method: 'POST', url: '/api/auth/sign-out' },
  { method: 'GET', url: '/api/auth/session' },
  { method: 'GET', url: '/api/health' },
  { method: 'POST', url: '/api/scans', auth: true },
  { method: 'GET', url: '/api/scans', auth: true },
  { method: 'GET', url: '/api/scans/not-a-uuid', auth: true },
  { method: 'PATCH', url: '/api/profile', auth: true },
  { method: 'GET', url: '/api/profile', auth: true },
  { method: 'GET', url: '/api/subscription', auth: true },
  { method: 'GET', url: '/api/dashboard', auth: true },
  { method: 'GET', url: '/api/analytics/overview', auth: true },
  { method: 'GET', url: '/api/analytics/security-posture', auth: true },
];

const HUGE = 'x'.repeat(200_000);
const BAD_BODIES: { name: string; payload?: string; type?: string }[] = [
  { name: 'no body' },
  { name: 'malformed JSON', payload: '{"email": ', type: 'application/json' },
  { name: 'JSON null', payload: 'null', type: 'application/json' },
  { name: 'array', payload: '[1,2,3]', type: 'application/json' },
  {
    name: 'wrong types',
    payload: JSON.stringify({
      email: 42,
      password: [],
      token: {},
      scan_name: 7,
      target_hosts: 'x',
      username: 5,
      company_name: 9,
    }),
    type: 'application/json',
  },
  {
    name: 'huge strings',
    payload: JSON.stringify({
      email: HUGE,
      password: HUGE,
      token: HUGE,
      scan_name: HUGE,
      target_hosts: [HUGE],
      username: HUGE,
      company_name: HUGE,
    }),
    type: 'application/json',
  },
  {
    name: 'over 1 MB',
    payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    type: 'application/json',
  },
  { name: 'form encoded', payload: 'email=a@b.c', type: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'hello', type: 'text/plain' },
];
const BAD_QUERIES = [
  '?limit=abc',
  '?limit=-1&offset=x',
  '?timeframe=1y',
  `?limit=${'9'.repeat(400)}`,
];

describe('bad input never causes a 500', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url}`, async () => {
      const headers = route.auth ? account.auth : {};
      for (const body of BAD_BODIES) {
        const res = await ctx.app.inject({
          method: route.method,
          url: route.url,
          headers: { ...headers, ...(body.type ? { 'content-type': body.type } : {}) },
          ...(body.payload === undefined ? {} : { payload: body.payload }),
        });
        expect(res.statusCode, `${body.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error.code).toBeTypeOf('string');
      }
      for (const query of BAD_QUERIES) {
        const res = await ctx.app.inject({ method: route.method, url: route.url + query, headers });
        expect(res.statusCode, `${query}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    });
  }

  it('names the problem: malformed JSON, bad uuid, bad query, unknown route', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');

    const uuid = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans/123',
      headers: account.auth,
    });
    expect(uuid.statusCode).toBe(400);
    expect(uuid.json().error.message).toBe(M.uuid);

    const query = await ctx.app.inject({
      method: 'GET',
      url: '/api/scans?limit=abc',
      headers: account.auth,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.code).toBe('validation_error');

    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(tooBig.statusCode).toBe(413);

    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('requires a bearer token on protected routes, before looking at the body', async () => {
    for (const route of ROUTES.filter((r) => r.auth)) {
      const res = await ctx.app.inject({ method: route.method, url: route.url, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: `Bearer ${account.accessToken.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(401);
  });
});
