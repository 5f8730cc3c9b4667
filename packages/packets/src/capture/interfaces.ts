import { networkInterfaces } from 'node:os';
import { runTcpdump } from './tcpdump.ts';

/** A network interface live capture can use. */
export type CaptureInterfaceInfo = { name: string; description: string; addresses: string[] };

/** Capture sources tcpdump lists that carry no network packets (buses, netfilter queues, USB). */
const NOT_NETWORK = /^(dbus-|bluetooth|nflog|nfqueue|usbmon)/;

/** "3.lo [Up, Running, Loopback]" or "2.any (Pseudo-device that captures on all interfaces) [Up, Running]". */
const LINE = /^\d+\.(\S+)(?: \((.*)\))?(?: \[(.*)\])?$/;

/** The interfaces tcpdump can capture on, with their addresses; the system's list when `-D` fails. */
export async function listInterfaces(tcpdump: string | null): Promise<CaptureInterfaceInfo[]> {
  const system = networkInterfaces();
  const addresses = (name: string) => (system[name] ?? []).map((a) => a.cidr ?? a.address);
  const run = tcpdump ? await runTcpdump(tcpdump, ['-D']).catch(() => null) : null;
  if (run?.code !== 0) {
    return Object.keys(system).map((name) => ({
      name,
      description: '',
      addresses: addresses(name),
    }));
  }
  const out: CaptureInterfaceInfo[] = [];
  for (const line of run.stdout.split('\n')) {
    const match = LINE.exec(line.trim());
    if (!match || NOT_NETWORK.test(match[1]!)) continue;
    const [, name, about, flags] = match as unknown as [string, string, string?, string?];
    // tcpdump shows "[none]" for an interface with no flags, that is, one that is down.
    const state = flags === 'none' ? 'Down' : flags;
    out.push({ name, description: about ?? state ?? '', addresses: addresses(name) });
  }
  return out;
}
