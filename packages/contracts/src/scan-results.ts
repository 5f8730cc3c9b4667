import { z } from 'zod';
import { ZDetection } from './detection.ts';
import { MITIGATION_PRIORITIES } from './findings.ts';
import { ZRequestIdField } from './request-id.ts';
import { ZScanListItem, ZScanName } from './scans.ts';
import { VULN_SEVERITIES } from './security-events.ts';
import { textField } from './text-field.ts';

/** Messages of the scan API's plan and scope errors. */
export const SCAN_MESSAGES = {
  freeScansPerMonth: (limit: number) =>
    `The Free plan allows ${limit} scans per month. Upgrade to Professional for unlimited scans.`,
  /** `asked`: addresses of the scan (a CIDR block counts its size, a range its length, a name 1). */
  freeTargetsPerScan: (limit: number, asked: number) =>
    `The Free plan allows at most ${limit} target addresses per scan (a CIDR block counts every address in it); this scan asks for ${asked.toLocaleString('en-US')}. Upgrade to Professional to scan more.`,
  scopeRefused: (target: string, reason: string) =>
    `Target ${target} is outside the allowed scan scope: ${reason}`,
  importTooLarge: 'The nmap XML file is too large (limit 10 MB)',
  importRateLimited: (limit: number) =>
    `Too many nmap imports: at most ${limit} per minute per organization. Try again in a minute.`,
  alreadyRunning: 'This scan is already running',
  notRestartable: 'Only a pending, failed or cancelled scan can be started',
  notCancellable: 'Only a pending or running scan can be cancelled',
} as const;

/** Error codes the scan API adds to ERROR_CODES. */
export const SCAN_ERROR_CODES = ['scope_refused'] as const;

export const ACTION_STATUS_VALUES = ['pending', 'in_progress', 'completed', 'dismissed'] as const;

/** A host seen by a scan. */
export const ZScanHost = z.object({
  address: z.string(),
  hostname: z.string().nullable(),
  status: z.enum(['up', 'down']),
});
export type TScanHost = z.infer<typeof ZScanHost>;

/** An open port with the service detected on it. */
export const ZScanService = z.object({
  host: z.string(),
  port: z.number().int(),
  protocol: z.enum(['tcp', 'udp']),
  state: z.string(),
  service: z.string().nullable(),
  product: z.string().nullable(),
  version: z.string().nullable(),
  cpe: z.string().nullable(),
  banner: z.string().nullable(),
});
export type TScanService = z.infer<typeof ZScanService>;

/** A stored mitigation step of a finding. */
export const ZThreatMitigationAction = z.object({
  id: z.uuid(),
  action_type: z.string(),
  priority: z.enum(MITIGATION_PRIORITIES),
  status: z.enum(ACTION_STATUS_VALUES),
  title: z.string(),
  description: z.string(),
  /** Minutes, when known. */
  estimated_time: z.number().int().nullable(),
  instructions: z.array(z.string()),
});
export type TThreatMitigationAction = z.infer<typeof ZThreatMitigationAction>;

/** A stored finding of a scan with its mitigation actions. */
export const ZScanVulnerability = z.object({
  id: z.uuid(),
  title: z.string(),
  severity: z.enum(VULN_SEVERITIES),
  host: z.string(),
  port: z.number().int().nullable(),
  service: z.string().nullable(),
  vulnerability_type: z.string(),
  cve_id: z.string().nullable(),
  cvss_score: z.number().nullable(),
  risk_score: z.number(),
  description: z.string(),
  solution: z.string(),
  evidence: z.string().nullable(),
  /** How the finding was established; null when not recorded (imported, or found before 0006). */
  detection: ZDetection.nullable(),
  created_at: z.string(),
  threat_mitigation_actions: z.array(ZThreatMitigationAction),
});
export type TScanVulnerability = z.infer<typeof ZScanVulnerability>;

/** GET /api/scans/:id: the scan with its hosts, open ports/services and findings. */
export const ZScanDetail = ZScanListItem.extend({
  hosts: z.array(ZScanHost),
  services: z.array(ZScanService),
  vulnerabilities: z.array(ZScanVulnerability),
  /**
   * What the scan left out while it ran, and why: targets the scope or the egress policy refused,
   * this deployment's own ports (never scanned for a tenant, their state not told).
   */
  notes: z.array(z.string()).optional(),
});
export type TScanDetail = z.infer<typeof ZScanDetail>;

/** pg-boss payload of a scan's planning job: ids only (and the request that started the scan). */
export const ZScanPlanJob = z.object({ scan_id: z.uuid(), request_id: ZRequestIdField });
/** pg-boss payload of one chunk of a scan: ids only (and the request that started the scan). */
export const ZScanChunkJob = z.object({ chunk_id: z.uuid(), request_id: ZRequestIdField });

/** Largest nmap XML document accepted by POST /api/scans/import: 10 MB. */
export const NMAP_XML_MAX_CHARS = 10 * 1024 * 1024;
/** nmap XML imports per organization per minute (POST /api/scans/import). */
export const NMAP_IMPORTS_PER_MINUTE = 10;

/**
 * POST /api/scans/import: an nmap XML report (`nmap -oX`, or NetGuard's own with its findings)
 * or a SARIF log NetGuard wrote, stored as a completed scan.
 */
export const ZImportScanBody = z
  .object({
    scan_name: ZScanName,
    xml: textField()
      .min(1, 'The nmap XML file is empty')
      .max(NMAP_XML_MAX_CHARS, SCAN_MESSAGES.importTooLarge)
      .optional(),
    sarif: textField()
      .min(1, 'The SARIF file is empty')
      .max(NMAP_XML_MAX_CHARS, SCAN_MESSAGES.importTooLarge)
      .optional(),
  })
  .refine((body) => (body.xml === undefined) !== (body.sarif === undefined), {
    message: 'Send one report: xml (an nmap XML report) or sarif (a SARIF log NetGuard wrote)',
    path: ['xml'],
  });
export type TImportScanBody = z.infer<typeof ZImportScanBody>;
