import {
  DETECTION_QOD,
  type TDetection,
  type TDetectionMethod,
  type TFinding,
  type TMitigationAction,
} from '@netguard/contracts';
import type { Endpoint } from '../services/exchange.ts';
import { printable } from '../services/exchange.ts';
import { tlsOptionsFor } from '../services/probes/tls.ts';
import type { CheckContext } from '../types.ts';

export type FindingFields = Pick<
  TFinding,
  'title' | 'severity' | 'vulnerability_type' | 'description' | 'solution'
> & {
  cvss: number;
  cve_id?: string | null;
  evidence: string;
  mitigations: TMitigationAction[];
  /** How the check established it; default: read from what the service advertises. */
  detection?: TDetection;
};

/**
 * A detection with the method's quality of detection.
 * @example detectedBy('active_probe', 'Redis answered INFO without AUTH.')
 */
export function detectedBy(
  method: TDetectionMethod,
  detail: string,
  distribution: string | null = null,
): TDetection {
  return { method, qod: DETECTION_QOD[method], detail: detail.slice(0, 1000), distribution };
}

const ADVERTISED = detectedBy(
  'configuration',
  'Read from what the service advertises about itself.',
);

/** The TLS certificate checks' detection. */
export const FROM_CERTIFICATE = detectedBy(
  'configuration',
  'Read from the certificate the server presented in the TLS handshake.',
);

/** Builds a Finding for the context's host and port; risk is CVSS scaled to 0-100. */
export function makeFinding(checkId: string, ctx: CheckContext, fields: FindingFields): TFinding {
  return {
    check_id: checkId,
    title: fields.title,
    severity: fields.severity,
    vulnerability_type: fields.vulnerability_type,
    cve_id: fields.cve_id ?? null,
    cvss_score: fields.cvss,
    risk_score: Math.min(100, Math.round(fields.cvss * 10)),
    host: ctx.host,
    port: ctx.port,
    protocol: ctx.protocol,
    service: ctx.service.name,
    description: fields.description,
    solution: fields.solution,
    evidence: printable(fields.evidence, 1000).replace(/\\x0d\\x0a|\\x0a/g, '\n'),
    mitigations: fields.mitigations,
    detection: fields.detection ?? ADVERTISED,
    time: new Date().toISOString(),
  };
}

/** The endpoint of the service under check, TLS-wrapped when it was detected over TLS. */
export function endpointOf(ctx: CheckContext): Endpoint {
  return {
    host: ctx.host,
    port: ctx.port,
    hostname: ctx.hostname,
    tls: tlsOptionsFor(ctx.service.tls),
    timeoutMs: ctx.timeoutMs,
  };
}

/** A mitigation action with the fields most checks share. */
export function action(
  action_type: TMitigationAction['action_type'],
  priority: TMitigationAction['priority'],
  title: string,
  estimated_time: number,
  instructions: string[],
  description = title,
): TMitigationAction {
  return { action_type, priority, title, description, estimated_time, instructions };
}
