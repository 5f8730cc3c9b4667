// Server-side RFC 3161 timestamps: with EVIDENCE_TSA_URL set, an exported package carries the
// authority's token over manifest.json (manifest.tsr), requested through the egress policy, and
// netguard-evidence verify checks it against the TSA's CA. A TSA that fails leaves the export
// working, without the token, saying why. The TSA is a loopback HTTP server of this file's block
// that answers with `openssl ts -reply`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readZip } from '@netguard/evidence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTsa, type TestTsa } from '../../../packages/evidence/src/testing/openssl-tsa.ts';
import { testResources } from '../../../scripts/testing/current.ts';
import { securityEvents } from '../src/db/schema.ts';
import type { PackageStamp } from '../src/modules/evidence/evidence.timestamp.ts';
import { call, collectNow } from './evidence-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

const { host, tempDir } = testResources();
const VERIFIER = new URL('../../../packages/evidence/bin/netguard-evidence.js', import.meta.url)
  .pathname;

type Mode = 'good' | 'rogue' | 'http500' | 'garbage' | 'reset';
let mode: Mode = 'good';
let tsa: TestTsa;
let server: http.Server;
let dir: string;
let ctx: TestContext;
let denied: TestContext;
let admin: Account;
let deniedAdmin: Account;
const asked: string[] = [];

/** The TSA: the request body to `openssl ts -reply`, or the failure the mode names. */
function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    asked.push(`${req.method} ${req.headers['content-type']}`);
    if (mode === 'reset') return req.socket.destroy();
    if (mode === 'http500') return res.writeHead(500).end('down');
    if (mode === 'garbage')
      return res
        .writeHead(200, { 'content-type': 'application/timestamp-reply' })
        .end('not a reply');
    // rogue: a real token from the other authority, whose CA the auditor does not trust.
    const reply = tsa.reply(Buffer.concat(chunks), mode === 'rogue' ? 'rogue' : 'good');
    res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
  });
}

beforeAll(async () => {
  tsa = createTestTsa();
  dir = tempDir('tsa');
  writeFileSync(join(dir, 'good-ca.pem'), tsa.ca('good').toString());
  server = http.createServer(answer);
  server.listen(0, host(1));
  await once(server, 'listening');
  const url = `http://${host(1)}:${(server.address() as AddressInfo).port}/tsa`;
  ctx = await createTestApp({ EVIDENCE_TSA_URL: url });
  admin = await createAccount(ctx, 'tsa-admin@example.com', 'Enterprise');
  await collectNow(ctx, admin, { frameworkId: 'soc2' });
  // A deployment whose egress policy refuses the TSA's address.
  denied = await createTestApp({ EVIDENCE_TSA_URL: url, EGRESS_DENIED_RANGES: `${host(1)}/32` });
  deniedAdmin = await createAccount(denied, 'tsa-denied@example.com', 'Enterprise');
}, 90_000);
afterAll(async () => {
  await ctx?.close();
  await denied?.close();
  server?.close();
  tsa?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function exportAs(who: Account, on = ctx) {
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/compliance/export',
    headers: who.auth,
    payload: { frameworkId: 'soc2' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    zip: res.rawPayload,
    status: res.headers['x-evidence-timestamp'],
    detail: res.headers['x-evidence-timestamp-detail'],
  };
}

async function verify(zip: Buffer, name: string, ...args: string[]) {
  const path = join(dir, name);
  writeFileSync(path, zip);
  const child = spawn(process.execPath, [VERIFIER, 'verify', path, ...args], { timeout: 30_000 });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, out };
}

const names = (zip: Buffer) => readZip(zip).map((e) => e.name);

describe('RFC 3161 timestamps of exported packages', () => {
  it('stamp the package through the configured TSA; the verifier checks the token', async () => {
    mode = 'good';
    const before = asked.length;
    const stamped = await exportAs(admin);
    expect(asked.slice(before)).toEqual(['POST application/timestamp-query']);
    expect(stamped.status).toBe('stamped');
    expect(Date.parse(String(stamped.detail))).not.toBeNaN();
    expect(names(stamped.zip)).toContain('manifest.tsr');
    const sums = readZip(stamped.zip)
      .find((e) => e.name === 'SHA256SUMS')!
      .data.toString();
    expect(sums).toMatch(/ {2}manifest\.tsr\n/);
    const checked = await verify(stamped.zip, 'stamped.zip', '--tsa-ca', join(dir, 'good-ca.pem'));
    expect(checked.out).toContain('signature checked against --tsa-ca');
    expect(checked.out).toContain('good test TSA');
    expect(checked.code, checked.out).toBe(0);
    // The same package is refused when the token is another authority's.
    mode = 'rogue';
    const rogue = await exportAs(admin);
    expect(rogue.status).toBe('stamped');
    const refused = await verify(rogue.zip, 'rogue.zip', '--tsa-ca', join(dir, 'good-ca.pem'));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('timestamp');
  });

  it.each([
    ['http500', 'the TSA answered HTTP 500'],
    ['garbage', 'the TSA answer is not an RFC 3161 reply: '],
    ['reset', 'the TSA could not be reached'],
  ] as const)('export without a token when the TSA fails (%s), saying why', async (m, why) => {
    mode = m;
    const out = await exportAs(admin);
    expect(out.status).toBe('missing');
    expect(String(out.detail)).toContain(why);
    expect(names(out.zip)).not.toContain('manifest.tsr');
    const checked = await verify(out.zip, `${m}.zip`);
    expect(checked.code, checked.out).toBe(0);
  });

  it('never reach a TSA the egress policy refuses', async () => {
    mode = 'good';
    const before = asked.length;
    const out = await exportAs(deniedAdmin, denied);
    expect(out.status).toBe('missing');
    expect(String(out.detail)).toMatch(/^the TSA could not be reached: /);
    expect(asked.length).toBe(before);
  });

  it('record the timestamp outcome in the export event', async () => {
    const events = await ctx.db
      .select({ metadata: securityEvents.metadata })
      .from(securityEvents)
      .where(sql`${securityEvents.metadata}->>'action' = 'evidence_package_exported'`);
    const stamps = events.map((e) => (e.metadata as { timestamp: PackageStamp }).timestamp);
    expect(stamps.map((t) => t.status)).toEqual([
      'stamped',
      'stamped',
      'missing',
      'missing',
      'missing',
    ]);
    expect(stamps[2]).toEqual({ status: 'missing', reason: 'the TSA answered HTTP 500' });
  });
});

it('a deployment without a TSA says so', async () => {
  const plain = await createTestApp();
  try {
    const who = await createAccount(plain, 'tsa-none@example.com', 'Enterprise');
    const out = await call(plain, who, 'POST', '/api/compliance/export', {});
    expect(out.headers['x-evidence-timestamp']).toBe('not_configured');
    expect(names(out.rawPayload)).not.toContain('manifest.tsr');
  } finally {
    await plain.close();
  }
});
