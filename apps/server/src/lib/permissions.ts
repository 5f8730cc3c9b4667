import type { TRole } from '@netguard/contracts';
import { AppError } from './errors.ts';

export type Resource =
  | 'scan'
  | 'vulnerability'
  | 'report'
  | 'audit'
  | 'dashboard'
  | 'organization'
  /** Capture files and their packets. */
  | 'packet'
  /** Live capture on the server's interfaces: admins only, and only the deployment operators among them. */
  | 'capture'
  /** Changing asset context (criticality, mission, owner); every role reads it. */
  | 'asset_context';

/**
 * Role grants (spec part 2 §6): admin all; analyst scans, findings, reports and packet files;
 * auditor reports, audit. Analysts also set asset context (issue 16: contracts ASSET_CONTEXT_EDITORS).
 */
const GRANTS: Record<TRole, readonly Resource[] | 'all'> = {
  admin: 'all',
  security_analyst: ['scan', 'vulnerability', 'report', 'dashboard', 'packet', 'asset_context'],
  auditor: ['report', 'audit', 'dashboard'],
  viewer: ['dashboard'],
};

export function can(role: TRole, resource: Resource): boolean {
  const grant = GRANTS[role];
  return grant === 'all' || grant.includes(resource);
}

/** Throws 403 forbidden with `message` when the role lacks the resource. */
export function assertCan(role: TRole, resource: Resource, message: string): void {
  if (!can(role, resource)) throw new AppError('forbidden', 403, message);
}
