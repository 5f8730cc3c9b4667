// Verification: the NetGuard engine run again against exactly one host and port, with only the
// check whose finding the action should have fixed.
import { lookup } from 'node:dns/promises';
import { isIPv4 } from 'node:net';
import type { TFinding } from '@netguard/contracts';
import { createEngine, type ScopeOptions } from '@netguard/engine';
import type { Verification } from '../execution.ts';

export type VerifyOptions = {
  host: string;
  port: number;
  checkId: string;
  /** Longest wait for the connect (default 2 s); probes and the check get twice as long. */
  timeoutMs?: number;
  /**
   * The deployment's scan scope (and a server's egress policy in it): a host outside it is
   * refused, and a port it skips is not checked, as in a scan.
   */
  scope?: ScopeOptions;
};

/** What the scan saw of the port: a fix that stops the service reads as fixed too, so say. */
export type PortSeen = { portState: 'open' | 'closed' | 'filtered'; service?: string };
export type HostVerification = Verification & PortSeen;

/** Runs the checks on host:port; findings by check id (every id present, maybe empty). */
async function scan(options: Omit<VerifyOptions, 'checkId'>, checkIds: string[]) {
  const timeoutMs = options.timeoutMs ?? 2_000;
  // The engine scans IPv4 addresses; a host name is resolved once and that address alone scanned.
  const address = isIPv4(options.host)
    ? options.host
    : (await lookup(options.host, { family: 4 })).address;
  const findings = new Map<string, TFinding[]>(checkIds.map((id) => [id, []]));
  const seen: PortSeen = { portState: 'closed' };
  const summary = await createEngine({
    ports: [options.port],
    checks: checkIds.join(','),
    // Only this address (the engine is given no other), inside the deployment's scope.
    scope: {
      ...options.scope,
      allow: options.scope?.allow?.length ? options.scope.allow : [`${address}/32`],
    },
    skipDiscovery: true,
    threads: 1,
    timeoutMs,
    serviceTimeoutMs: timeoutMs * 2,
  }).run(address, {
    onFinding: (f) => findings.get(f.check_id)?.push(f),
    onPort: (p) => {
      seen.portState = 'open';
      seen.service = [p.service.name, p.service.product, p.service.version]
        .filter(Boolean)
        .join(' ');
    },
    onHostScanned: (h) => {
      if (h.filtered > 0) seen.portState = 'filtered';
    },
  });
  if (summary.refused.length || summary.invalid.length)
    throw new Error(
      `verification refused: ${[...summary.refused.map((r) => r.reason), ...summary.invalid].join('; ')}`,
    );
  return { findings, seen };
}

function verification(checkId: string, findings: TFinding[], seen: PortSeen): HostVerification {
  return {
    ...seen,
    checkId,
    fixed: findings.length === 0,
    evidence: findings.length
      ? findings.map((f) => `${f.title}\n${f.evidence}`).join('\n\n')
      : 'no finding',
    at: new Date().toISOString(),
  };
}

/**
 * Whether `checkId` still raises a finding on host:port, and the port's state (a closed port
 * raises nothing: right for an action that closes it, suspicious for one that should not).
 */
export async function verifyHostCheck(options: VerifyOptions): Promise<HostVerification> {
  const { findings, seen } = await scan(options, [options.checkId]);
  return verification(options.checkId, findings.get(options.checkId) ?? [], seen);
}

/** Several checks (an action's validationChecks) in one scan of host:port. */
export async function verifyHostChecks(
  options: Omit<VerifyOptions, 'checkId'> & { checkIds: string[] },
): Promise<HostVerification[]> {
  const { findings, seen } = await scan(options, options.checkIds);
  return options.checkIds.map((id) => verification(id, findings.get(id) ?? [], seen));
}
