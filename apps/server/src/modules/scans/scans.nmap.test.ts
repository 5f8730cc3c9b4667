import { describe, expect, it } from 'vitest';
import { countingTurns } from '../../../test/event-loop.ts';
import { NMAP_SAMPLE } from '../../../test/fixtures/nmap.ts';
import {
  attributeBomb,
  NMAP_REAL,
  repeatedNmapReport,
} from '../../../test/fixtures/nmap-documents.ts';
import { NMAP_XML_LIMITS, parseNmapXml } from './scans.nmap.ts';

describe('parseNmapXml', () => {
  it('reads IPv4 hosts, hostnames and open ports with service, product, version and cpe', async () => {
    const parsed = await parseNmapXml(NMAP_SAMPLE);
    expect(parsed).toEqual({
      hosts: [
        {
          address: '127.0.0.1',
          hostname: 'localhost',
          up: true,
          ports: [
            {
              port: 22,
              protocol: 'tcp',
              state: 'open',
              service: 'ssh',
              product: 'OpenSSH',
              version: '9.6p1 Ubuntu',
              cpe: 'cpe:/a:openbsd:openssh:9.6p1',
            },
            {
              port: 80,
              protocol: 'tcp',
              state: 'open',
              service: 'http',
              product: 'A & B httpd',
              version: null,
              cpe: null,
            },
          ],
          scripts: [],
        },
        { address: '127.0.0.2', hostname: null, up: false, ports: [], scripts: [] },
      ],
    });
  });

  it('reads a real nmap report, whose <!DOCTYPE nmaprun> is accepted', async () => {
    expect(await parseNmapXml(NMAP_REAL)).toEqual({
      hosts: [
        {
          address: '127.0.0.1',
          hostname: null,
          up: true,
          ports: [
            {
              port: 18931,
              protocol: 'tcp',
              state: 'open',
              service: 'http',
              product: 'SimpleHTTPServer',
              version: '0.6',
              cpe: 'cpe:/a:python:simplehttpserver:0.6',
            },
            {
              port: 18932,
              protocol: 'tcp',
              state: 'open',
              service: 'redis',
              product: 'Redis key-value store',
              version: null,
              cpe: null,
            },
          ],
          scripts: [],
        },
      ],
    });
  });

  it('reads the same hosts whatever the chunk boundaries (entities, astral characters)', async () => {
    const xml = NMAP_SAMPLE.replace('A &amp; B httpd', 'A &amp; B &#x1F680; httpd \u{1F512}');
    const whole = await parseNmapXml(xml);
    expect(JSON.stringify(whole)).toContain('A & B \u{1F680} httpd \u{1F512}');
    for (const chunkChars of [1, 7, 64]) {
      expect(await parseNmapXml(xml, { ...NMAP_XML_LIMITS, chunkChars })).toEqual(whole);
    }
  });

  it('rejects a document that is not an nmap report or has no IPv4 host', async () => {
    expect(await parseNmapXml('<html></html>')).toEqual({
      error: 'Not an nmap XML report: <nmaprun> is missing',
    });
    expect(await parseNmapXml('<nmaprun></nmaprun>')).toEqual({
      error: 'The nmap XML report has no IPv4 hosts',
    });
    expect(await parseNmapXml('x')).toEqual({
      error: expect.stringMatching(/^The nmap XML file is not well-formed XML \(1:1: /),
    });
  });

  it('refuses DTDs and entities: no entity is ever expanded', async () => {
    const dtd = 'The nmap XML file declares a DTD or entities: only <!DOCTYPE nmaprun> is accepted';
    const laughs = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
    ).join('');
    const bomb = `<!DOCTYPE nmaprun [<!ENTITY l0 "lol">${laughs}]><nmaprun><host><address addr="127.0.0.1" addrtype="ipv4"/><hostnames><hostname name="&l9;"/></hostnames></host></nmaprun>`;
    const external = `<!DOCTYPE nmaprun SYSTEM "file:///etc/passwd"><nmaprun/>`;
    for (const xml of [bomb, external]) expect(await parseNmapXml(xml)).toEqual({ error: dtd });
    const undeclared = await parseNmapXml(
      '<nmaprun><host><address addr="127.0.0.1" addrtype="ipv4"/><hostname name="&l9;"/></host></nmaprun>',
    );
    expect(undeclared).toEqual({ error: expect.stringContaining('undefined entity') });
  });

  it('refuses past the limits on depth, hosts, ports and attribute length', async () => {
    const host = (ports: string) =>
      `<host><address addr="127.0.0.1" addrtype="ipv4"/><ports>${ports}</ports></host>`;
    const port = '<port protocol="tcp" portid="80"><state state="open"/></port>';
    const limits = {
      ...NMAP_XML_LIMITS,
      maxHosts: 2,
      maxPorts: 3,
      maxAttributeChars: 20,
    };
    const cases: [string, string][] = [
      [`<nmaprun>${'<a>'.repeat(65)}`, 'The nmap XML file nests elements deeper than 64'],
      [`<nmaprun>${host('').repeat(3)}</nmaprun>`, 'The nmap XML report lists more than 2 hosts'],
      [`<nmaprun>${host(port.repeat(4))}</nmaprun>`, 'The nmap XML report lists more than 3 ports'],
      [
        `<nmaprun args="${'x'.repeat(21)}">`,
        'The nmap XML file has an attribute longer than 20 characters',
      ],
      [
        `<nmaprun><host${Array.from({ length: 65 }, (_, i) => ` a${i}="1"`).join('')}/>`,
        'The nmap XML file has an element with more than 64 attributes',
      ],
    ];
    for (const [xml, error] of cases) {
      const custom = xml.includes('<a>') || xml.includes(' a64=') ? NMAP_XML_LIMITS : limits;
      expect(await parseNmapXml(xml, custom)).toEqual({ error });
    }
    expect(
      await parseNmapXml(`<nmaprun a="1" b="2"><host c="3" d="4"/><host e="5" f="6"/></nmaprun>`, {
        ...NMAP_XML_LIMITS,
        maxAttributes: 5,
      }),
    ).toEqual({ error: 'The nmap XML file has more than 5 attributes in all' });
    const atLimits = `<nmaprun>${host(port.repeat(2))}${host(port)}</nmaprun>`;
    expect(await parseNmapXml(atLimits, limits)).toMatchObject({
      hosts: [{ ports: [{}, {}] }, { ports: [{}] }],
    });
  });

  it('stops at the first error of 10 MB of "<host" repeated, in well under a second', async () => {
    const started = performance.now();
    const parsed = await parseNmapXml(`<nmaprun>${'<host'.repeat(2_000_000)}`);
    expect(parsed).toEqual({
      error: expect.stringMatching(/^The nmap XML file is not well-formed XML \(1:15: /),
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a 10 MB element of 840,000 attributes at its 65th (the health test times it)', async () => {
    expect(await parseNmapXml(attributeBomb(10_000_000))).toEqual({
      error: 'The nmap XML file has an element with more than 64 attributes',
    });
  });

  it('lets the event loop turn between chunks of a 10 MB report', async () => {
    const { xml, hosts } = repeatedNmapReport(10_000_000);
    const { result: parsed, turns } = await countingTurns(() => parseNmapXml(xml));
    expect('hosts' in parsed && parsed.hosts.length).toBe(hosts);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(xml.length / NMAP_XML_LIMITS.chunkChars));
  });
});
