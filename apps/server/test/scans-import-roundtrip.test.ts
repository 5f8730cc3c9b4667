import type { TFinding } from '@netguard/contracts';
import { createEngine, type ServiceResult, toNmapXml } from '@netguard/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { vulnerabilities } from '../src/db/schema.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { startPlainHttp } from './scan-helpers.ts';
import { subscribe } from './seed.ts';

const HOST = testResources().host(20);

let ctx: TestContext;
let owner: Account;
let web: { port: number; close: () => Promise<void> };

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, 'roundtrip@example.com');
  await subscribe(ctx, owner);
  web = await startPlainHttp([18_480, 18_481, 18_482], HOST);
});
afterAll(async () => {
  await web?.close();
  await ctx?.close();
});

const importXml = (who: Account, xml: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/scans/import',
    headers: who.auth,
    payload: { scan_name: 'Imported', xml },
  });

type Vulnerability = {
  host: string;
  port: number | null;
  title: string;
  severity: string;
  cve_id: string | null;
  solution: string;
};

describe('nmap XML written by the engine, read back by the import', () => {
  it('gives the same ports, services and findings', async () => {
    const ports: ServiceResult[] = [];
    const findings: TFinding[] = [];
    const startedAt = new Date();
    const summary = await createEngine({ ports: [web.port] }).run(HOST, {
      onPort: (p) => ports.push(p),
      onFinding: (f) => findings.push(f),
    });
    expect(findings.length).toBeGreaterThan(0);
    const xml = toNmapXml({ args: `netguard-scan ${HOST}`, startedAt, ports, findings, summary });

    const res = await importXml(owner, xml);
    expect(res.statusCode).toBe(201);
    const scan = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/scans/${res.json().id}`,
        headers: owner.auth,
      })
    ).json();
    expect(
      scan.services.map((s: { host: string; port: number; service: string }) => [
        s.host,
        s.port,
        s.service,
      ]),
    ).toEqual(ports.map((p) => [p.host, p.port, p.service.name]));

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/vulnerabilities?limit=100',
      headers: owner.auth,
    });
    // The API does not show check ids; the rows keep them.
    const checks = new Map(
      (await ctx.db.select().from(vulnerabilities)).map((row) => [row.title, row.checkId]),
    );
    const imported = (listed.json().items as Vulnerability[]).map((v) => ({
      host: v.host,
      port: v.port,
      check_id: checks.get(v.title),
      title: v.title,
      severity: v.severity,
      cve_id: v.cve_id,
      solution: v.solution,
    }));
    const key = (v: { check_id?: string | null; title: string }) => `${v.check_id}|${v.title}`;
    const expected = findings.map((f) => ({
      host: f.host,
      port: f.port,
      check_id: f.check_id,
      title: f.title,
      severity: f.severity,
      cve_id: f.cve_id,
      solution: f.solution,
    }));
    expect(imported.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('exports a stored scan as nmap XML that imports with the same ports, services and findings, and as SARIF', async () => {
    const [source] = (
      await ctx.app.inject({ method: 'GET', url: '/api/scans', headers: owner.auth })
    ).json().items as { id: string }[];
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${source?.id}/results?format=nmap-xml`,
      headers: owner.auth,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="Imported.xml"');

    const copy = await createAccount(ctx, 'roundtrip-copy@example.com');
    await subscribe(ctx, copy);
    expect((await importXml(copy, exported.body)).statusCode).toBe(201);
    const titles = async (who: Account) =>
      (
        (
          await ctx.app.inject({ method: 'GET', url: '/api/vulnerabilities', headers: who.auth })
        ).json().items as Vulnerability[]
      )
        .map((v) => `${v.host}:${v.port} ${v.severity} ${v.title}`)
        .sort();
    expect(await titles(copy)).toEqual(await titles(owner));
    expect((await titles(copy)).length).toBeGreaterThan(0);

    const sarif = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${source?.id}/results?format=sarif`,
      headers: owner.auth,
    });
    expect(sarif.headers['content-type']).toBe('application/sarif+json; charset=utf-8');
    const run = sarif.json().runs[0];
    expect(run.results).toHaveLength((await titles(owner)).length);
    expect(run.tool.driver.rules[0].properties['security-severity']).toMatch(/^\d+\.\d$/);

    // The SARIF log imports as well: the same findings, their ports as the scan's services.
    const fromSarif = await createAccount(ctx, 'roundtrip-sarif@example.com');
    await subscribe(ctx, fromSarif);
    const sarifImport = await ctx.app.inject({
      method: 'POST',
      url: '/api/scans/import',
      headers: fromSarif.auth,
      payload: { scan_name: 'From SARIF', sarif: sarif.body },
    });
    expect(sarifImport.statusCode, sarifImport.body).toBe(201);
    expect(await titles(fromSarif)).toEqual(await titles(owner));
    const both = await ctx.app.inject({
      method: 'POST',
      url: '/api/scans/import',
      headers: fromSarif.auth,
      payload: { scan_name: 'Both', sarif: sarif.body, xml: exported.body },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toContain('Send one report');

    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${source?.id}/results?format=pdf`,
      headers: owner.auth,
    });
    expect(bad.statusCode).toBe(400);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/api/scans/${source?.id}/results?format=sarif`,
      headers: copy.auth,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('keeps nmap’s own NSE results out of the findings', async () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE nmaprun><nmaprun scanner="nmap">
<host><status state="up"/><address addr="127.0.98.21" addrtype="ipv4"/><ports>
<port protocol="tcp" portid="80"><state state="open"/><service name="http"/>
<script id="http-title" output="Welcome"><elem key="title">Welcome</elem></script></port>
</ports></host></nmaprun>`;
    const other = await createAccount(ctx, 'roundtrip-nse@example.com');
    await subscribe(ctx, other);
    const res = await importXml(other, xml);
    expect(res.statusCode).toBe(201);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/vulnerabilities',
      headers: other.auth,
    });
    expect(listed.json().total).toBe(0);
  });
});
