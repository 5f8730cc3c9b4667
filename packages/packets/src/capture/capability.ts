import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type CaptureInterfaceInfo, listInterfaces } from './interfaces.ts';
import { CAPTURE_MESSAGES } from './messages.ts';
import { findTcpdump } from './tcpdump.ts';

const CAP_NET_RAW = 13n;
const PROBE_MS = 3000;

/** Whether this server may capture live, why not in plain words, and on which interfaces. */
export async function captureCapability(
  options: { tcpdumpPath?: string } = {},
): Promise<{ available: boolean; reason: string | null; interfaces: CaptureInterfaceInfo[] }> {
  const tcpdump = await findTcpdump(options.tcpdumpPath);
  const interfaces = await listInterfaces(tcpdump);
  if (!tcpdump) return { available: false, reason: CAPTURE_MESSAGES.tcpdumpMissing, interfaces };
  // Without CAP_NET_RAW here, tcpdump may still have it as a file capability: try it.
  const device = interfaces.some((i) => i.name === 'lo') ? 'lo' : interfaces[0]?.name;
  const permitted =
    (await hasNetRaw()) || (device !== undefined && (await canCapture(tcpdump, device)));
  return {
    available: permitted,
    reason: permitted ? null : CAPTURE_MESSAGES.notPermitted,
    interfaces,
  };
}

/** True when this process holds CAP_NET_RAW in its effective set (root normally does). */
async function hasNetRaw(): Promise<boolean> {
  try {
    const status = await readFile('/proc/self/status', 'utf8');
    const effective = /^CapEff:\s*([0-9a-f]+)$/im.exec(status)?.[1];
    return effective !== undefined && ((BigInt(`0x${effective}`) >> CAP_NET_RAW) & 1n) === 1n;
  } catch {
    return false;
  }
}

/** Starts a capture that keeps nothing and reports whether tcpdump got as far as listening. */
function canCapture(tcpdump: string, device: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(tcpdump, ['-i', device, '-n', '-c', '1', '-w', '/dev/null'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let text = '';
    const finish = (permitted: boolean) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(permitted);
    };
    const timer = setTimeout(() => finish(false), PROBE_MS);
    child.stderr.on('data', (d: Buffer) => {
      text += d;
      if (text.includes('listening on')) finish(true);
    });
    child.on('error', () => finish(false));
    child.on('close', () => finish(false));
  });
}
