import { formatPorts } from '@netguard/contracts';
import type { PortResult, ServiceResult } from '../types.ts';
import type { ScanReport } from './report.ts';

type HostEntry = NonNullable<ScanReport['hosts']>[number];

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const attrs = (o: Record<string, string | number | undefined>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}="${esc(String(v))}"`)
    .join(' ');

/** nmap's reason for a port state: a UDP port is open only when it answered. */
function reasonFor(p: Pick<PortResult, 'protocol' | 'state'>): string {
  if (p.protocol === 'udp') {
    if (p.state === 'open') return 'udp-response';
    return p.state === 'closed' ? 'port-unreach' : 'no-response';
  }
  if (p.state === 'open') return 'syn-ack';
  return p.state === 'closed' ? 'conn-refused' : 'no-response';
}

function portXml(p: ServiceResult): string {
  const s = p.service;
  const service = `<service ${attrs({ name: s.name, product: s.product, version: s.version, tunnel: s.tls ? 'ssl' : undefined, method: 'probed', conf: 10 })}>${s.cpe ? `<cpe>${esc(s.cpe)}</cpe>` : ''}</service>`;
  return `<port ${attrs({ protocol: p.protocol, portid: p.port })}><state ${attrs({ state: p.state, reason: reasonFor(p), reason_ttl: 0 })}/>${service}</port>`;
}

/** The TCP ports not listed one by one, as nmap's extraports (closed first, then filtered). */
function extraPortsXml(host: HostEntry): string {
  return (['closed', 'filtered'] as const)
    .filter((state) => (host[state] ?? 0) > 0)
    .map((state) => {
      const count = host[state]!;
      const reason = reasonFor({ protocol: 'tcp', state });
      return `\n<extraports state="${state}" count="${count}"><extrareasons reason="${reason}" count="${count}" proto="tcp"/></extraports>`;
    })
    .join('');
}

function hostXml(host: HostEntry, ports: ServiceResult[], start: number, end: number): string {
  const names = host.hostname ? `<hostname ${attrs({ name: host.hostname, type: 'user' })}/>` : '';
  return `<host starttime="${start}" endtime="${end}"><status state="up" reason="conn-refused" reason_ttl="0"/>
<address ${attrs({ addr: host.address, addrtype: 'ipv4' })}/>
<hostnames>${names}</hostnames>
<ports>${extraPortsXml(host)}${ports.map((p) => `\n${portXml(p)}`).join('')}
</ports>
</host>`;
}

/**
 * Writes the report in nmap's XML format, as nmap -oX does. It is valid against nmap.dtd, whose
 * scanner attribute only allows "nmap"; the comment on top names netguard-scan.
 */
export function toNmapXml(report: ScanReport): string {
  const start = Math.floor(report.startedAt.getTime() / 1000);
  const end = start + Math.round(report.summary.duration_ms / 1000);
  const byHost = new Map<string, ServiceResult[]>();
  for (const p of report.ports) byHost.set(p.host, [...(byHost.get(p.host) ?? []), p]);
  // Every host found up, in scan order; a port's host missing from `hosts` is still written.
  const hosts = new Map<string, HostEntry>((report.hosts ?? []).map((h) => [h.address, h]));
  for (const address of byHost.keys()) if (!hosts.has(address)) hosts.set(address, { address });
  const s = report.summary;
  const tcpPorts = report.tcpPorts ?? [];
  const udpPorts = report.ports.filter((p) => p.protocol === 'udp').map((p) => p.port);
  const udpInfo = udpPorts.length
    ? `\n<scaninfo type="udp" protocol="udp" numservices="${new Set(udpPorts).size}" services="${formatPorts(udpPorts)}"/>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nmaprun>
<!-- netguard-scan 0.1.0 scan initiated ${report.startedAt.toUTCString()} as: ${esc(report.args).replace(/--/g, '- -')} -->
<nmaprun scanner="nmap" args="${esc(report.args)}" start="${start}" startstr="${report.startedAt.toUTCString()}" version="0.1.0" xmloutputversion="1.05">
<scaninfo type="connect" protocol="tcp" numservices="${tcpPorts.length}" services="${formatPorts(tcpPorts)}"/>${udpInfo}
<verbose level="0"/>
<debugging level="0"/>
${[...hosts.values()].map((h) => hostXml(h, byHost.get(h.address) ?? [], start, end)).join('\n')}
<runstats><finished time="${end}" timestr="${new Date(end * 1000).toUTCString()}" elapsed="${(s.duration_ms / 1000).toFixed(2)}" exit="${s.cancelled ? 'error' : 'success'}"/><hosts up="${s.hosts_up}" down="${s.hosts_total - s.hosts_up}" total="${s.hosts_total}"/></runstats>
</nmaprun>
`;
}
