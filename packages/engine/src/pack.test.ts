import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { type Installed, packAndInstall } from '../../../scripts/testing/packed.ts';

// On the file's block: the scan's second port must be closed, so no other file may hold it.
const HOST = testResources().host(1);

let pkg: Installed;
// The scanner resets its connects: that is not an error of the listener.
const listener = net.createServer((socket) => socket.on('error', () => {}).end());

beforeAll(async () => {
  listener.listen(0, HOST);
  await once(listener, 'listening');
  pkg = await packAndInstall('engine');
}, 120_000);

afterAll(async () => {
  listener.close();
  await pkg?.remove();
});

describe('the packed engine', () => {
  it('installs from its tarball alone, with nothing else to fetch', async () => {
    expect(pkg.tarball).toMatch(/netguard-engine-\d+\.\d+\.\d+\.tgz$/);
    expect(await pkg.installed()).toEqual(['@netguard/engine']);
  });

  it('scans a loopback listener through its installed bin', async () => {
    const port = (listener.address() as net.AddressInfo).port;
    const { stdout } = await pkg.bin('netguard-scan', [
      HOST,
      '-p',
      `${port},${port === 65535 ? 65534 : port + 1}`,
      '--run',
      'ports',
      '--threads',
      '1',
    ]);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toContainEqual(expect.objectContaining({ type: 'port', port, state: 'open' }));
    expect(lines.at(-1)).toMatchObject({ type: 'summary', open: 1, closed: 1 });
    expect((await pkg.bin('netguard-scan', ['--help'])).stdout).toContain('Usage: netguard-scan');
  }, 30_000);

  it('is a library by its package name', async () => {
    const out = await pkg.script(
      "import { parsePorts, CHECKS } from '@netguard/engine'; console.log(parsePorts('20-25').length, CHECKS.length > 10);",
    );
    expect(out.trim()).toBe('6 true');
  });
});
