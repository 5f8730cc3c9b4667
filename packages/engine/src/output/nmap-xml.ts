import type { PortResult, ServiceResult } from '../types.ts';
import type { ScanReport } from './report.ts';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const attrs = (o: Record<string, string | number | undefined>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}="${esc(String(v))}"`)
    .join(' ');

/** nmap's reason for a port state: a UDP port is open only when it answered. */
function reasonFor(p: PortResult): string {
  if (p.protocol === 'udp') {
    if (p.state === 'open') return 'udp-response';
    return p.state === 'closed' ? 'port-unreach' : 'no-response';
  }
  if (p.state === 'open') return 'syn-ack';
  return p.state === 'closed' ? 'conn-refused' : 'no-response';
}

/** Writes the report in nmap's XML format (nmaprun), readable by tools that import nmap -oX. */
export function toNmapXml(report: ScanReport): string {
  const start = Math.floor(report.startedAt.getTime() / 1000);
  const end = start + Math.round(report.summary.duration_ms / 1000);
  const byHost = new Map<string, ServiceResult[]>();
  for (const p of report.ports) byHost.set(p.host, [...(byHost.get(p.host) ?? []), p]);
  const hosts = [...byHost].map(([host, ports]) => {
    const rows = ports.map((p) => {
      const s = p.service;
      const service = `<service ${attrs({ name: s.name, product: s.product, version: s.version, tunnel: s.tls ? 'ssl' : undefined, method: 'probed', conf: 10 })}>${s.cpe ? `<cpe>${esc(s.cpe)}</cpe>` : ''}</service>`;
      return `<port ${attrs({ protocol: p.protocol, portid: p.port })}><state ${attrs({ state: p.state, reason: reasonFor(p), reason_ttl: 0 })}/>${service}</port>`;
    });
    return `<host starttime="${start}" endtime="${end}"><status state="up" reason="conn-refused" reason_ttl="0"/>\n<address addr="${esc(host)}" addrtype="ipv4"/>\n<hostnames></hostnames>\n<ports>\n${rows.join('\n')}\n</ports>\n</host>`;
  });
  const s = report.summary;
  const udpPorts = [
    ...new Set(report.ports.filter((p) => p.protocol === 'udp').map((p) => p.port)),
  ].sort((a, b) => a - b);
  const udpInfo = udpPorts.length
    ? `\n<scaninfo type="udp" protocol="udp" numservices="${udpPorts.length}" services="${udpPorts.join(',')}"/>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nmaprun>
<nmaprun scanner="netguard" args="${esc(report.args)}" start="${start}" startstr="${report.startedAt.toUTCString()}" version="0.1.0" xmloutputversion="1.05">
<scaninfo type="connect" protocol="tcp" numservices="${s.hosts_total ? Math.round(s.ports_scanned / Math.max(1, s.hosts_up)) : 0}" services=""/>${udpInfo}
<verbose level="0"/>
<debugging level="0"/>
${hosts.join('\n')}
<runstats><finished time="${end}" timestr="${new Date(end * 1000).toUTCString()}" elapsed="${(s.duration_ms / 1000).toFixed(2)}" exit="${s.cancelled ? 'error' : 'success'}"/><hosts up="${s.hosts_up}" down="${s.hosts_total - s.hosts_up}" total="${s.hosts_total}"/></runstats>
</nmaprun>
`;
}
