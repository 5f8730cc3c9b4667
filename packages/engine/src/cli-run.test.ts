import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Peer } from './testing/peers.ts';
import { startHttpPeer } from './testing/servers.ts';

const BIN = fileURLToPath(new URL('../bin/netguard-scan.js', import.meta.url));
// The web peer's address, in the file's block.
const HOST = testResources().host(7);

type Line = { type: string; product?: string | null; check_id?: string };

let web: Peer;
beforeAll(async () => {
  // An old nginx without security headers: the checks have something to say about it.
  web = await startHttpPeer(HOST, (_q, res) =>
    res.writeHead(200, { Server: 'nginx/1.18.0' }).end('ok'),
  );
});
afterAll(() => web.close());

/** The CLI as a whole process with `--run <what>`, its JSON lines parsed. */
async function scan(run: string): Promise<Line[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [BIN, HOST, '-p', String(web.port), '--run', run],
    { timeout: 30_000 },
  );
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
}

describe('netguard-scan --run', () => {
  it('ports: the open port without service detection or findings', async () => {
    const lines = await scan('ports');
    expect(lines.filter((l) => l.type === 'port')).toHaveLength(1);
    expect(lines.find((l) => l.type === 'port')?.product).toBeNull();
    expect(lines.filter((l) => l.type === 'finding')).toEqual([]);
  });

  it('services: the product from service detection, still no findings', async () => {
    const lines = await scan('services');
    expect(lines.find((l) => l.type === 'port')?.product).toBe('nginx');
    expect(lines.filter((l) => l.type === 'finding')).toEqual([]);
  });

  it('all: service detection and the checks findings', async () => {
    const lines = await scan('all');
    expect(lines.find((l) => l.type === 'port')?.product).toBe('nginx');
    expect(lines.filter((l) => l.type === 'finding').length).toBeGreaterThan(0);
  });
});
