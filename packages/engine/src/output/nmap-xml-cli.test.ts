import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { freePort, type Peer } from '../testing/peers.ts';
import { startHttpPeer } from '../testing/servers.ts';

const BIN = fileURLToPath(new URL('../../bin/netguard-scan.js', import.meta.url));
// nmap's own DTD, from Debian's nmap package (installed by .ci/run).
const NMAP_DTD = '/usr/share/nmap/nmap.dtd';

// Two addresses of the file's block: one with the web peer, one with nothing listening.
const net = testResources();
const UP = net.host(15);
const EMPTY = net.host(16);

let web: Peer;
beforeAll(async () => {
  web = await startHttpPeer(UP, (_q, res) =>
    res.writeHead(200, { Server: 'nginx/1.24.0' }).end('ok'),
  );
});
afterAll(() => web.close());

describe('netguard-scan -o nmap-xml', () => {
  it('writes every live host with its closed ports counted, valid against nmap.dtd', async () => {
    const closed = await freePort(EMPTY);
    const ports = `${web.port},${closed}`;
    const { stdout: xml } = await promisify(execFile)(
      process.execPath,
      [BIN, `${UP},${EMPTY}`, '-p', ports, '--checks', 'none', '-o', 'nmap-xml'],
      { timeout: 30_000 },
    );
    const lint = spawnSync('xmllint', ['--noout', '--dtdvalid', NMAP_DTD, '-'], {
      input: xml,
      encoding: 'utf8',
    });
    expect(lint.error, 'xmllint (libxml2-utils) and nmap must be installed').toBeUndefined();
    expect(lint.stderr).toBe('');
    expect(lint.status).toBe(0);

    const sorted = [web.port, closed].sort((a, b) => a - b).join(',');
    expect(xml).toContain(
      `<scaninfo type="connect" protocol="tcp" numservices="2" services="${sorted}"/>`,
    );
    const hosts = [...xml.matchAll(/<host\b[\s\S]*?<\/host>/g)].map(([h]) => h);
    expect(hosts).toHaveLength(2);
    expect(hosts[0]).toContain(`<address addr="${UP}" addrtype="ipv4"/>`);
    expect(hosts[0]).toContain(`<port protocol="tcp" portid="${web.port}"><state state="open"`);
    expect(hosts[0]).toContain('product="nginx" version="1.24.0"');
    expect(hosts[0]).toContain('<extraports state="closed" count="1">');
    // A host with nothing open is still listed as up, its ports counted as closed.
    expect(hosts[1]).toContain(`<address addr="${EMPTY}" addrtype="ipv4"/>`);
    expect(hosts[1]).toContain('<extraports state="closed" count="2">');
    expect(hosts[1]).not.toContain('<port ');
    expect(xml).toContain('<hosts up="2" down="0" total="2"/>');
    expect(hosts[0]).toContain('<status state="up" reason="localhost-response" reason_ttl="0"/>');
  });

  it('writes the checks findings as scripts, still valid against nmap.dtd', async () => {
    const { stdout: xml } = await promisify(execFile)(
      process.execPath,
      [BIN, UP, '-p', String(web.port), '-o', 'nmap-xml'],
      { timeout: 30_000 },
    );
    const lint = spawnSync('xmllint', ['--noout', '--dtdvalid', NMAP_DTD, '-'], {
      input: xml,
      encoding: 'utf8',
    });
    expect(lint.stderr).toBe('');
    expect(xml).toMatch(/<script id="http-security-headers" output="[^"]+"><elem key="title">/);
    // As nmap -Pn says it.
    const { stdout: skipped } = await promisify(execFile)(
      process.execPath,
      [BIN, UP, '-p', String(web.port), '--run', 'ports', '-Pn', '-o', 'nmap-xml'],
      { timeout: 30_000 },
    );
    expect(skipped).toContain('<status state="up" reason="user-set" reason_ttl="0"/>');
  });
});
