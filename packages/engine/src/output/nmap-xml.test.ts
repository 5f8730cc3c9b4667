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

function report(ports: ServiceResult[]): ScanReport {
  return {
    args: 'netguard-scan 127.0.3.1',
    startedAt: new Date('2026-01-01T00:00:00Z'),
    ports,
    findings: [],
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
});
