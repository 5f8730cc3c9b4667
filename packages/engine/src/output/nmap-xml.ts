import { formatPorts, type TFinding, ZFinding } from '@netguard/contracts';
import type { PortResult, ServiceResult } from '../types.ts';
import type { ScanReport } from './report.ts';

type HostEntry = NonNullable<ScanReport['hosts']>[number];

// Line breaks too: a parser would read a raw one in an attribute as a space.
const esc = (s: string) => s.replace(/[<>&"'\n\r\t]/g, (c) => `&#${c.charCodeAt(0)};`);
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

/** nmap names a service over TLS by what runs inside it: `http` with tunnel="ssl", not `https`. */
const INSIDE_TLS: Record<string, string> = {
  https: 'http',
  imaps: 'imap',
  pop3s: 'pop3',
  smtps: 'smtp',
  ldaps: 'ldap',
  ftps: 'ftp',
};

/** The keys of a finding's `<script>` element, in the order they are written. */
export const SCRIPT_KEYS = [
  'title',
  'severity',
  'type',
  'cve',
  'cvss',
  'risk',
  'service',
  'description',
  'evidence',
  'solution',
] as const;

/**
 * A finding as nmap writes an NSE result: `<script id="check id" output="…">` with one `<elem>`
 * per key, so tools that read nmap XML (and NetGuard's own import) get every field back.
 */
function scriptXml(f: TFinding): string {
  const values: Record<(typeof SCRIPT_KEYS)[number], string> = {
    title: f.title,
    severity: f.severity,
    type: f.vulnerability_type,
    cve: f.cve_id ?? '',
    cvss: f.cvss_score.toFixed(1),
    risk: String(f.risk_score),
    service: f.service,
    description: f.description,
    evidence: f.evidence,
    solution: f.solution,
  };
  const output = [
    f.title,
    `severity: ${f.severity}${f.cve_id ? `, ${f.cve_id}` : ''}, CVSS ${values.cvss}`,
    f.evidence && `evidence: ${f.evidence}`,
  ]
    .filter(Boolean)
    .join('\n');
  const elems = SCRIPT_KEYS.filter((k) => values[k] !== '')
    .map((k) => `<elem key="${k}">${esc(values[k])}</elem>`)
    .join('');
  return `<script ${attrs({ id: f.check_id, output })}>${elems}</script>`;
}

/**
 * Reads back a finding that scriptXml wrote (nmap's own NSE scripts lack the keys: null), for an
 * import of NetGuard's nmap XML. `place` is the port the script stood on, or the host.
 * @example findingFromScript('redis-no-auth', { title: '…', severity: 'critical', … }, { host, port: 6379, protocol: 'tcp' })
 */
export function findingFromScript(
  checkId: string,
  elems: Readonly<Record<string, string>>,
  place: { host: string; port: number | null; protocol: 'tcp' | 'udp'; time: string },
): TFinding | null {
  const parsed = ZFinding.safeParse({
    check_id: checkId,
    title: elems.title,
    severity: elems.severity,
    vulnerability_type: elems.type,
    cve_id: elems.cve || null,
    cvss_score: Number(elems.cvss),
    risk_score: Number(elems.risk),
    service: elems.service ?? '',
    description: elems.description ?? '',
    solution: elems.solution ?? '',
    evidence: elems.evidence ?? '',
    mitigations: [],
    ...place,
  });
  return parsed.success ? parsed.data : null;
}

function portXml(p: ServiceResult, findings: readonly TFinding[]): string {
  const s = p.service;
  const name = s.tls ? (INSIDE_TLS[s.name] ?? s.name) : s.name;
  const service = `<service ${attrs({ name, product: s.product, version: s.version, tunnel: s.tls ? 'ssl' : undefined, method: 'probed', conf: 10 })}>${s.cpe ? `<cpe>${esc(s.cpe)}</cpe>` : ''}</service>`;
  return `<port ${attrs({ protocol: p.protocol, portid: p.port })}><state ${attrs({ state: p.state, reason: reasonFor(p), reason_ttl: 0 })}/>${service}${findings.map(scriptXml).join('')}</port>`;
}

/** nmap's order: every TCP port by number, then every UDP port. */
const byNmapOrder = (a: ServiceResult, b: ServiceResult) =>
  a.protocol === b.protocol ? a.port - b.port : a.protocol === 'tcp' ? -1 : 1;

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

function hostXml(
  host: HostEntry,
  ports: ServiceResult[],
  findings: readonly TFinding[],
  span: { start: number; end: number },
): string {
  const names = host.hostname ? `<hostname ${attrs({ name: host.hostname, type: 'user' })}/>` : '';
  const on = (p: ServiceResult) =>
    findings.filter((f) => f.port === p.port && f.protocol === p.protocol);
  // A finding with no port of its own, or on a port not listed, is a host script.
  const listed = (f: TFinding) => ports.some((p) => on(p).includes(f));
  const hostScripts = findings.filter((f) => !listed(f));
  const hostscript = hostScripts.length
    ? `\n<hostscript>${hostScripts.map(scriptXml).join('')}</hostscript>`
    : '';
  // A report that did not keep why a host was up (a stored scan) says so rather than guess,
  // except on loopback, where nmap's reason is always localhost-response.
  const reason =
    host.reason ?? (host.address.startsWith('127.') ? 'localhost-response' : 'unknown');
  return `<host starttime="${span.start}" endtime="${span.end}"><status state="up" reason="${reason}" reason_ttl="0"/>
<address ${attrs({ addr: host.address, addrtype: 'ipv4' })}/>
<hostnames>${names}</hostnames>
<ports>${extraPortsXml(host)}${[...ports]
    .sort(byNmapOrder)
    .map((p) => `\n${portXml(p, on(p))}`)
    .join('')}
</ports>${hostscript}
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
  const findingsOf = new Map<string, TFinding[]>();
  for (const f of report.findings) findingsOf.set(f.host, [...(findingsOf.get(f.host) ?? []), f]);
  for (const address of findingsOf.keys()) if (!hosts.has(address)) hosts.set(address, { address });
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
${[...hosts.values()].map((h) => hostXml(h, byHost.get(h.address) ?? [], findingsOf.get(h.address) ?? [], { start, end })).join('\n')}
<runstats><finished time="${end}" timestr="${new Date(end * 1000).toUTCString()}" elapsed="${(s.duration_ms / 1000).toFixed(2)}" exit="${s.cancelled ? 'error' : 'success'}"/><hosts up="${s.hosts_up}" down="${s.hosts_total - s.hosts_up}" total="${s.hosts_total}"/></runstats>
</nmaprun>
`;
}
