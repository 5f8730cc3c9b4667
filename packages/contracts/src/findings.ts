import { z } from 'zod';
import { ZDetection } from './detection.ts';
import { VULN_SEVERITIES } from './security-events.ts';

/** Priorities of a mitigation action, most pressing first. */
export const MITIGATION_PRIORITIES = ['immediate', 'urgent', 'high', 'medium', 'low'] as const;
/** Kinds of mitigation action a finding can propose. */
export const MITIGATION_ACTION_TYPES = [
  'patch',
  'upgrade',
  'configuration',
  'access_control',
  'firewall',
  'disable_service',
  'certificate',
] as const;

/** One concrete step that mitigates a finding. */
export const ZMitigationAction = z.object({
  action_type: z.enum(MITIGATION_ACTION_TYPES),
  priority: z.enum(MITIGATION_PRIORITIES),
  title: z.string().min(1).max(200),
  description: z.string().max(2000),
  estimated_time: z.number().int().min(0).max(100_000),
  instructions: z.array(z.string().max(1000)).max(20),
});
export type TMitigationAction = z.infer<typeof ZMitigationAction>;

/** One result of a vulnerability check: the engine's single streamed contract. */
export const ZFinding = z.object({
  check_id: z.string().min(1).max(100),
  title: z.string().min(1).max(300),
  severity: z.enum(VULN_SEVERITIES),
  vulnerability_type: z.string().min(1).max(100),
  cve_id: z
    .string()
    .regex(/^CVE-\d{4}-\d{4,}$/)
    .nullable(),
  cvss_score: z.number().min(0).max(10),
  risk_score: z.number().int().min(0).max(100),
  host: z.string().min(1).max(253),
  port: z.number().int().min(0).max(65535).nullable(),
  protocol: z.enum(['tcp', 'udp']),
  service: z.string().max(100),
  description: z.string().max(4000),
  solution: z.string().max(4000),
  evidence: z.string().max(4000),
  mitigations: z.array(ZMitigationAction).max(10),
  /** How the finding was established; absent only on findings imported from other tools. */
  detection: ZDetection.optional(),
  time: z.string().max(40),
});
export type TFinding = z.infer<typeof ZFinding>;
