import { type REPORT_RULES as R, type TVulnSeverity, VULN_SEVERITIES } from '@netguard/contracts';
import type { SourceVulnerability } from './reports.source.ts';

type SeverityCounts = Record<TVulnSeverity, number>;

/** "1 scan", "3 scans". */
export const plural = (n: number, word: string, many = `${word}s`) =>
  `${n} ${n === 1 ? word : many}`;

/** An issue still counts while it is neither fixed by a later scan nor mitigated. */
export const isOpen = (v: SourceVulnerability) => !v.fixed && !v.mitigated;

export function countBySeverity(items: SourceVulnerability[]): SeverityCounts {
  const counts = Object.fromEntries(VULN_SEVERITIES.map((s) => [s, 0])) as SeverityCounts;
  for (const item of items) counts[item.severity] += 1;
  return counts;
}

/** Where each control sits in the three frameworks (ISO 27001:2022, NIST CSF 2.0, CIS v8). */
export const CONTROL_REFERENCES = {
  'Access Control': {
    'ISO 27001': 'A.5.15, A.8.5',
    'NIST CSF': 'PR.AA',
    'CIS Controls': '5, 6',
  },
  'Network Security': {
    'ISO 27001': 'A.8.20, A.8.21',
    'NIST CSF': 'PR.IR-01',
    'CIS Controls': '4, 12, 13',
  },
  'Vulnerability Management': {
    'ISO 27001': 'A.8.8',
    'NIST CSF': 'ID.RA-01, PR.PS-02',
    'CIS Controls': '7',
  },
} as const satisfies Record<string, Record<(typeof R.frameworks)[number], string>>;

/** Remediation targets of the guide (spec part 2 §9), by severity. */
export const REMEDIATION_TARGETS: Record<Exclude<TVulnSeverity, 'info'>, string> = {
  critical: 'immediately',
  high: 'within 24-48 hours',
  medium: 'within 1 week',
  low: 'at the next maintenance window',
};
