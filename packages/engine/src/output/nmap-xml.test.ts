import type { TFinding } from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import type { ServiceResult } from '../types.ts';
import { toNmapXml } from './nmap-xml.ts';
import type { ScanReport } from './report.ts';

type Element = { name: string; attrs: Record<string, string> };

/** Reads every start tag of an XML document with its attributes, checking tags nest correctly. */
function parseElements(xml: string): Element[] {
  const body = xml.replace(/<\?xml[^>]*\?>/, '').replace(/<!DOCTYPE[^>]*>/, '');
  const open: string[] = [];
  const elements: Element[] = [];
  for (const [, close, name, rest, selfClosing] of body.matchAll(
    /<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g,
  )) {
    if (close) {
      expect(open.pop()).toBe(name);
      continue;
    }
    const attrs = Object.fromEntries(
      [...rest!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => [
        k!,
        v!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
      ]),
    );
    elements.push({ name: name!, attrs });
    if (!selfClosing) open.push(name!);
  }
  expect(open).toEqual([]);
  return elements;
}

const port = (
  protocol: 'tcp' | 'udp',
  n: number,
  state: ServiceResult['state'],
  name: string,
): ServiceResult => ({ host: '127.0.3.1', port: n, protocol, state, service: { name } });

function report(ports: ServiceResult[], findings: TFinding[] = []): ScanReport {
  return {
    args: 'netguard-scan 127.0.3.1',
    startedAt: new Date('2026-01-01T00:00:00Z'),
    ports,
    findings,
    summary: {
      hosts_total: 1,
      hosts_up: 1,
      ports_scanned: ports.length,
      open: ports.length,
      closed: 0,
      filtered: 0,
      findings: 0,
      invalid: [],
      refused: [],
      cancelled: false,
      duration_ms: 1000,
    },
  };
}

const states = (elements: Element[]) => {
  const out: Record<string, Record<string, string>> = {};
  elements.forEach((e, i) => {
    if (e.name !== 'port') return;
    out[`${e.attrs.protocol}/${e.attrs.portid}`] = elements[i + 1]!.attrs;
  });
  return out;
};

describe('toNmapXml', () => {
  it('writes UDP ports with a udp scaninfo and nmap reasons', () => {
    const elements = parseElements(
      toNmapXml(
        report([
          port('tcp', 22, 'open', 'ssh'),
          port('tcp', 23, 'closed', 'telnet'),
          port('udp', 161, 'open', 'snmp'),
          port('udp', 123, 'open|filtered', 'ntp'),
        ]),
      ),
    );
    const scaninfo = elements.filter((e) => e.name === 'scaninfo').map((e) => e.attrs);
    expect(scaninfo).toEqual([
      expect.objectContaining({ type: 'connect', protocol: 'tcp' }),
      expect.objectContaining({
        type: 'udp',
        protocol: 'udp',
        numservices: '2',
        services: '123,161',
      }),
    ]);
    expect(states(elements)).toEqual({
      'tcp/22': { state: 'open', reason: 'syn-ack', reason_ttl: '0' },
      'tcp/23': { state: 'closed', reason: 'conn-refused', reason_ttl: '0' },
      'udp/161': { state: 'open', reason: 'udp-response', reason_ttl: '0' },
      'udp/123': { state: 'open|filtered', reason: 'no-response', reason_ttl: '0' },
    });
  });

  it('writes only the TCP scaninfo when no UDP port was found', () => {
    const elements = parseElements(toNmapXml(report([port('tcp', 80, 'open', 'http')])));
    expect(elements.filter((e) => e.name === 'scaninfo').map((e) => e.attrs.protocol)).toEqual([
      'tcp',
    ]);
    expect(states(elements)['tcp/80']).toMatchObject({ state: 'open', reason: 'syn-ack' });
  });

  it('writes findings as scripts on their port, host scripts without one, ports in nmap order', () => {
    const finding = (over: Partial<TFinding>): TFinding => ({
      check_id: 'tls-legacy-protocol',
      title: 'TLS 1.0 enabled',
      severity: 'medium',
      vulnerability_type: 'configuration',
      cve_id: null,
      cvss_score: 5.9,
      risk_score: 59,
      host: '127.0.3.1',
      port: 443,
      protocol: 'tcp',
      service: 'https',
      description: 'd',
      solution: 'Turn off TLS 1.0 & 1.1',
      evidence: 'accepted TLSv1\nand TLSv1.1',
      mitigations: [],
      time: '2026-01-01T00:00:01Z',
      ...over,
    });
    const https: ServiceResult = {
      ...port('tcp', 443, 'open', 'https'),
      service: {
        name: 'https',
        tls: {
          protocol: 'TLSv1.3',
          cipher: 'TLS_AES_128_GCM_SHA256',
          subject: 'CN=a',
          issuer: 'CN=a',
          validFrom: '',
          validTo: '',
          sans: [],
          selfSigned: true,
          authorized: false,
        },
      },
    };
    const xml = toNmapXml(
      report(
        [port('udp', 53, 'open', 'domain'), https, port('tcp', 22, 'open', 'ssh')],
        [
          finding({}),
          finding({
            check_id: 'vulnerable-version',
            title: 'OpenSSH regreSSHion',
            severity: 'high',
            cve_id: 'CVE-2024-6387',
            cvss_score: 8.1,
            port: 22,
            service: 'ssh',
          }),
          finding({ check_id: 'host-check', title: 'Host-wide', port: null }),
        ],
      ),
    );
    const elements = parseElements(xml);
    const order = elements
      .filter((e) => e.name === 'port')
      .map((e) => `${e.attrs.protocol}/${e.attrs.portid}`);
    expect(order).toEqual(['tcp/22', 'tcp/443', 'udp/53']);
    expect(elements.find((e) => e.name === 'service' && e.attrs.tunnel === 'ssl')?.attrs.name).toBe(
      'http',
    );

    const ports = [...xml.matchAll(/<port [^>]*portid="(\d+)"[\s\S]*?<\/port>/g)];
    const on = (n: number) => ports.find((m) => m[1] === String(n))?.[0] ?? '';
    expect(on(443)).toContain(
      '<script id="tls-legacy-protocol" output="TLS 1.0 enabled&#10;severity: medium, CVSS 5.9&#10;evidence: accepted TLSv1&#10;and TLSv1.1">',
    );
    expect(on(443)).toContain('<elem key="solution">Turn off TLS 1.0 &#38; 1.1</elem>');
    expect(on(22)).toContain('<elem key="cve">CVE-2024-6387</elem><elem key="cvss">8.1</elem>');
    expect(on(22)).toContain('<elem key="type">configuration</elem>');
    expect(on(53)).not.toContain('<script');
    expect(xml).toMatch(/<\/ports>\n<hostscript><script id="host-check" /);
  });
});
