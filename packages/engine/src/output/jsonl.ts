import type { TFinding } from '@netguard/contracts';
import type { ScanSummary } from '../port-engine.ts';
import type { ServiceResult } from '../types.ts';
import type { ScanReport } from './report.ts';

/** One JSON line for an open port. */
export function portLine(r: ServiceResult): string {
  const { name, product, version } = r.service;
  return JSON.stringify({
    type: 'port',
    host: r.host,
    port: r.port,
    protocol: r.protocol,
    state: r.state,
    service: name,
    product: product ?? null,
    version: version ?? null,
  });
}

/** One JSON line for a finding. */
export function findingLine(f: TFinding): string {
  return JSON.stringify({ type: 'finding', ...f });
}

/** The closing JSON line with the run's totals. */
export function summaryLine(s: ScanSummary): string {
  return JSON.stringify({ type: 'summary', ...s });
}

/** A whole report as JSON lines: ports, then findings, then the summary. */
export function toJsonLines(report: ScanReport): string {
  return `${[...report.ports.map(portLine), ...report.findings.map(findingLine), summaryLine(report.summary)].join('\n')}\n`;
}
