import { isIPv4 } from '@netguard/contracts';

export type NmapPort = {
  port: number;
  protocol: 'tcp' | 'udp';
  state: string;
  service: string | null;
  product: string | null;
  version: string | null;
  cpe: string | null;
};
export type NmapHost = { address: string; hostname: string | null; up: boolean; ports: NmapPort[] };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? '';
    const code = e[1]?.toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });

/** Attributes of the first `<tag ...>` in `xml`, or null. */
function attrs(xml: string, tag: string): Record<string, string> | null {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(xml);
  if (!match) return null;
  const out: Record<string, string> = {};
  for (const [, key, value] of (match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)) {
    if (key) out[key] = decode(value ?? '').slice(0, 500);
  }
  return out;
}

/**
 * Reads the hosts and ports of an nmap XML report (`nmap -oX`). IPv4 hosts only.
 * @example parseNmapXml(xml).hosts[0] // { address: '192.0.2.1', up: true, ports: [...] }
 */
export function parseNmapXml(xml: string): { hosts: NmapHost[] } | { error: string } {
  if (!/<nmaprun\b/.test(xml)) return { error: 'Not an nmap XML report: <nmaprun> is missing' };
  const hosts: NmapHost[] = [];
  for (const [block] of xml.matchAll(/<host\b[\s\S]*?<\/host>/g)) {
    const address = [...block.matchAll(/<address\b[^>]*>/g)]
      .map(([tag]) => attrs(tag, 'address'))
      .find((a) => a?.addrtype === 'ipv4' && isIPv4(a.addr ?? ''))?.addr;
    if (!address) continue;
    const ports: NmapPort[] = [];
    for (const [portXml] of block.matchAll(/<port\b[\s\S]*?<\/port>/g)) {
      const head = attrs(portXml, 'port');
      const port = Number(head?.portid);
      const protocol = head?.protocol;
      const state = attrs(portXml, 'state')?.state ?? 'unknown';
      if (!Number.isInteger(port) || port < 1 || port > 65535) continue;
      if ((protocol !== 'tcp' && protocol !== 'udp') || state !== 'open') continue;
      const service = attrs(portXml, 'service');
      const cpe = /<cpe>([^<]{1,300})<\/cpe>/.exec(portXml)?.[1];
      ports.push({
        port,
        protocol,
        state,
        service: service?.name || null,
        product: service?.product || null,
        version: service?.version || null,
        cpe: cpe ? decode(cpe) : null,
      });
    }
    const hostname = attrs(block, 'hostname')?.name ?? null;
    const up = (attrs(block, 'status')?.state ?? 'up') === 'up';
    hosts.push({ address, hostname, up, ports });
  }
  if (hosts.length === 0) return { error: 'The nmap XML report has no IPv4 hosts' };
  return { hosts };
}
