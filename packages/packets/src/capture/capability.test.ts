import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTURE_MESSAGES, captureCapability } from './index.ts';

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'capability-'));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs captureCapability in a node process as the unprivileged user nobody (uid 65534). */
function capabilityAsNobody(tcpdumpPath?: string) {
  // The compiled package (built by the global setup): a plain node process, as an operator runs it.
  const module = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
  const script = join(dir, 'probe.mjs');
  writeFileSync(
    script,
    `import { captureCapability } from ${JSON.stringify(module)};\nconsole.log(JSON.stringify(await captureCapability(${JSON.stringify({ tcpdumpPath })})));\n`,
  );
  chmodSync(script, 0o644);
  const out = execFileSync(
    'setpriv',
    [
      '--reuid=65534',
      '--regid=65534',
      '--clear-groups',
      '--inh-caps=-all',
      process.execPath,
      script,
    ],
    { encoding: 'utf8', cwd: dir, timeout: 20_000 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Awaited<
    ReturnType<typeof captureCapability>
  >;
}

describe('captureCapability', () => {
  it('says a root server may capture and lists lo with its address', async () => {
    const capability = await captureCapability();
    expect(capability).toMatchObject({
      available: isRoot,
      reason: isRoot ? null : CAPTURE_MESSAGES.notPermitted,
    });
    const lo = capability.interfaces.find((i) => i.name === 'lo');
    expect(lo?.addresses).toContain('127.0.0.1/8');
    expect(lo?.description).toMatch(/Loopback/);
    // Capture sources that carry no network packets are left out.
    expect(capability.interfaces.some((i) => i.name.startsWith('dbus'))).toBe(false);
  });

  it('explains how to install tcpdump when it is missing', async () => {
    const capability = await captureCapability({ tcpdumpPath: join(dir, 'no-such-tcpdump') });
    expect(capability.available).toBe(false);
    expect(capability.reason).toBe(
      'Live capture needs tcpdump on the server: apt-get install tcpdump',
    );
    // The page can still show which interfaces exist.
    expect(capability.interfaces.map((i) => i.name)).toContain('lo');
  });

  it.skipIf(!isRoot || !has('setpriv'))('tells an unprivileged server it may not capture', () => {
    const capability = capabilityAsNobody();
    expect(capability.available).toBe(false);
    expect(capability.reason).toBe(
      'The server process may not capture packets: run it as root or give tcpdump the CAP_NET_RAW capability',
    );
  });

  it.skipIf(!isRoot || !has('setpriv') || !has('setcap'))(
    'lets an unprivileged server capture through a tcpdump that has CAP_NET_RAW',
    () => {
      const tcpdump = join(dir, 'tcpdump');
      copyFileSync(
        execFileSync('sh', ['-c', 'command -v tcpdump'], { encoding: 'utf8' }).trim(),
        tcpdump,
      );
      chmodSync(tcpdump, 0o755);
      execFileSync('setcap', ['cap_net_raw,cap_net_admin+eip', tcpdump]);
      expect(capabilityAsNobody(tcpdump)).toMatchObject({ available: true, reason: null });
    },
  );
});
