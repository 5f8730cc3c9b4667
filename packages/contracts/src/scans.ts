import { z } from 'zod';
import { portSpecError } from './port-spec.ts';
import { classifyTarget } from './targets.ts';
import { textField } from './text-field.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';

/** The scan types' labels; durations are estimated from measured scans (scan-estimate.ts). */
export const SCAN_TYPES = [
  { value: 'network', label: 'Network Discovery', description: 'basic host and port discovery' },
  { value: 'port', label: 'Port Scan', description: '' },
  { value: 'vulnerability', label: 'Vulnerability Scan', description: '' },
  { value: 'comprehensive', label: 'Full Security Audit', description: '' },
] as const;

export const SCAN_TYPE_VALUES = ['network', 'port', 'vulnerability', 'comprehensive'] as const;
export const ZScanType = z.enum(SCAN_TYPE_VALUES, { error: M.scanTypeInvalid });
export type TScanType = z.infer<typeof ZScanType>;

export const SCAN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export const ZScanStatus = z.enum(SCAN_STATUSES);
export type TScanStatus = z.infer<typeof ZScanStatus>;

export const ZScanName = textField({ error: M.scanNameRequired })
  .trim()
  .min(1, M.scanNameRequired)
  .max(100, M.scanNameTooLong)
  .regex(/^[A-Za-z0-9 _-]+$/, M.scanNameChars);

/** One target entry of the scan form: IPv4, hostname, CIDR or last-octet range. */
export const ZTargetEntry = textField()
  .trim()
  .max(253, M.targetInvalid)
  .refine((entry) => classifyTarget(entry) !== null, M.targetInvalid);

export const ZTargetHosts = z
  .array(ZTargetEntry, { error: M.targetsRequired })
  .min(1, M.targetsRequired)
  .max(100, M.targetsTooMany);

/** Security-center scan parameters of the shared rules (scanType quick/comprehensive/custom). */
export const ZSecurityScanParameters = z.object({
  scanName: ZScanName,
  targetHosts: ZTargetHosts,
  scanType: z.enum(['quick', 'comprehensive', 'custom'], { error: M.scanTypeInvalid }),
});

export const ZScanListItem = z.object({
  id: z.uuid(),
  scan_name: z.string(),
  scan_type: ZScanType,
  target_hosts: z.array(z.string()),
  status: ZScanStatus,
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The scan's custom port list; null: the scan type's default ports. */
  ports: z.string().nullable().optional(),
});
export type TScanListItem = z.infer<typeof ZScanListItem>;

export const SCAN_PORTS_MAX_CHARS = 1000;

/** A custom port list in the engine's grammar (`22,80,6379-6390`, `top1000`, `all`), spaces dropped. */
export const ZPortSpec = textField()
  .max(SCAN_PORTS_MAX_CHARS, `Ports must be at most ${SCAN_PORTS_MAX_CHARS} characters`)
  .transform((spec) => spec.replace(/\s+/g, '').toLowerCase())
  .superRefine((spec, ctx) => {
    const error = spec === '' ? 'Ports must not be empty' : portSpecError(spec);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** POST /api/scans: a new scan, inserted as pending. */
export const ZCreateScanBody = z.object({
  scan_name: ZScanName,
  scan_type: ZScanType,
  target_hosts: ZTargetHosts,
  /** Replaces the scan type's default ports when given. */
  ports: ZPortSpec.optional(),
});
export type TCreateScanBody = z.infer<typeof ZCreateScanBody>;

/** Path parameters of /api/scans/:id. */
export const ZScanIdParams = z.object({ id: z.uuid(M.uuid) });
