import { NMAP_XML_MAX_CHARS } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NMAP_SAMPLE } from './fixtures/nmap.ts';
import { fill, NMAP_REAL, repeatedNmapReport } from './fixtures/nmap-documents.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createScan } from './scan-helpers.ts';
import { subscribe } from './seed.ts';

let ctx: TestContext;
let accounts = 0;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A new account (a new organization, so a new import budget), subscribed unless `free`. */
async function account(free = false) {
  const created = await createAccount(ctx, `importer-${++accounts}@example.com`);
  if (!free) await subscribe(ctx, created);
  return created;
}

const importXml = (owner: Account, xml: string, scan_name = 'Imported') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/scans/import',
    headers: owner.auth,
    payload: { scan_name, xml },
  });

describe('nmap import: hostile documents', () => {
  const laughs = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
  );
  const cases: [string, string, RegExp][] = [
    [
      'an entity bomb',
      `<!DOCTYPE nmaprun [<!ENTITY l0 "lol">${laughs.join('')}]><nmaprun><host><hostname name="&l9;"/></host></nmaprun>`,
      /^The nmap XML file declares a DTD or entities: only <!DOCTYPE nmaprun> is accepted$/,
    ],
    [
      'an external entity',
      '<!DOCTYPE nmaprun [<!ENTITY x SYSTEM "file:///etc/passwd">]><nmaprun>&x;</nmaprun>',
      /declares a DTD or entities/,
    ],
    [
      '10 MB of <host repeated',
      fill('<nmaprun>', '<host', 10_000_000),
      /^The nmap XML file is not well-formed XML \(1:15: /,
    ],
    [
      'deep nesting',
      fill('<nmaprun>', '<host>', 10_000_000),
      /^The nmap XML file nests elements deeper than 64$/,
    ],
    [
      'a host flood',
      fill('<nmaprun>', '<host><address addr="127.0.0.1" addrtype="ipv4"/></host>', 10_000_000),
      /^The nmap XML report lists more than 65536 hosts$/,
    ],
    [
      'a 10 MB attribute',
      `${fill('<nmaprun args="', 'x', 10_000_000)}">`,
      /^The nmap XML file has an attribute longer than 262144 characters$/,
    ],
  ];

  it.each(cases)('refuses %s with a clear 400', async (_name, xml, message) => {
    const res = await importXml(await account(), xml);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  it('refuses a report over 10 MB, and a body over the route limit, saying so', async () => {
    const pro = await account();
    const over = await importXml(pro, 'x'.repeat(NMAP_XML_MAX_CHARS + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe('The nmap XML file is too large (limit 10 MB)');
    const huge = await importXml(pro, '"'.repeat(NMAP_XML_MAX_CHARS + 64 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('The nmap XML file is too large (limit 10 MB)');
  });

  it('answers 400 for a body that is not a JSON object of strings', async () => {
    const pro = await account();
    for (const payload of ['{"scan_name":"x","xml":1}', '{"scan_name":"x"', '[]']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/scans/import',
        headers: { ...pro.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.message).toMatch(/^Malformed JSON in request body/);
    }
  });

  it('still imports a real report, whose DOCTYPE is nmap’s own', async () => {
    const res = await importXml(await account(), NMAP_REAL, 'Real');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'completed', target_hosts: ['127.0.0.1'] });
  });
});

describe('nmap import: plan and rate limits', () => {
  it('counts an import as a scan of the Free plan’s month', async () => {
    const free = await account(true);
    for (let i = 0; i < 4; i++) expect((await createScan(ctx, free)).statusCode).toBe(201);
    expect((await importXml(free, NMAP_SAMPLE)).statusCode).toBe(201);
    const sixth = await importXml(free, NMAP_SAMPLE);
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json().error.message).toBe(
      'The Free plan allows 5 scans per month. Upgrade to Professional for unlimited scans.',
    );
    expect((await createScan(ctx, free)).statusCode).toBe(402);
  });

  it('counts the report’s addresses against the Free plan’s targets per scan', async () => {
    const free = await account(true);
    const eleven = repeatedNmapReport(NMAP_XML_MAX_CHARS, 11);
    expect(eleven.hosts).toBe(11);
    const res = await importXml(free, eleven.xml);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(
      'The Free plan allows at most 10 target addresses per scan (a CIDR block counts every address in it); this scan asks for 11. Upgrade to Professional to scan more.',
    );
    expect((await importXml(free, repeatedNmapReport(NMAP_XML_MAX_CHARS, 10).xml)).statusCode).toBe(
      201,
    );
  });

  it('allows an organization 10 imports a minute, then answers 429', async () => {
    const [busy, other] = [await account(), await account()];
    for (let i = 0; i < 10; i++) expect((await importXml(busy, NMAP_SAMPLE)).statusCode).toBe(201);
    const eleventh = await importXml(busy, NMAP_SAMPLE);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toEqual({
      code: 'rate_limited',
      message:
        'Too many nmap imports: at most 10 per minute per organization. Try again in a minute.',
    });
    expect((await importXml(other, NMAP_SAMPLE)).statusCode).toBe(201);
  });

  it('counts refused imports in that budget too: hostile documents cost the attacker', async () => {
    const attacker = await account();
    const bomb = `<nmaprun><host${Array.from({ length: 65 }, (_, i) => ` a${i}="1"`).join('')}/>`;
    for (let i = 0; i < 10; i++) expect((await importXml(attacker, bomb)).statusCode).toBe(400);
    expect((await importXml(attacker, NMAP_SAMPLE)).statusCode).toBe(429);
  });
});
