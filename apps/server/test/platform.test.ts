import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let web: TestContext;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'netguard-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root">SPA</div>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  [ctx, web] = await Promise.all([
    createTestApp(),
    createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://netguard.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), web.close()]);
  await fs.rm(dist, { recursive: true, force: true });
});

describe('platform', () => {
  it('reports health with a database round trip', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      NETGUARD_SECRET_KEY: 'test-secret-key-for-netguard-tests',
      DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
    });
    const down = await buildApp(config);
    try {
      const res = await down.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'down' });
    } finally {
      await down.close();
    }
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-in',
        '/api/scans',
        '/api/scans/{id}',
        '/api/dashboard',
      ]),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });

  it('sends security headers with the agreed Content-Security-Policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self' ws: wss:",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // HSTS only where the deployment is reached over https (PUBLIC_URL), for a year.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const secure = await web.app.inject({ method: 'GET', url: '/api/health' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('serves the SPA for client routes and files as files', async () => {
    for (const url of ['/', '/dashboard/scan', '/help', '/nonexistent', '/auth?confirm=abc']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('SPA');
    }
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await web.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });

  it('explains how to build the web app when there is no build', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });
});
