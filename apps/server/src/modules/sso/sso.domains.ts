import {
  SSO_TEXT,
  ssoDomainRecordName,
  ssoDomainRecordValue,
  type TSsoDomainClaim,
  type TSsoDomainVerifyResult,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { RequestMeta } from '../audit/audit.repo.ts';
import { appendSecurityEvents } from '../audit/security-events.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { DomainCheck, DomainChecker } from './sso.dns.ts';
import * as repo from './sso.repo.ts';

/** A claim as its organization's admins see it, with the TXT record to publish. */
export function toClaim(row: repo.SsoDomainRow): TSsoDomainClaim {
  return {
    domain: row.domain,
    status: row.status,
    record_name: ssoDomainRecordName(row.domain),
    record_value: ssoDomainRecordValue(row.token),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_error: row.lastError,
  };
}

const asClaimCheck = (found: DomainCheck): repo.ClaimCheck =>
  found.ok
    ? { outcome: 'found' }
    : { outcome: found.kind === 'lookup' ? 'lookup_failed' : 'miss', error: found.message };

const taken = (domain: string) => new AppError('conflict', 409, SSO_TEXT.domainTaken(domain));

type Deps = {
  db: Executor;
  checker: DomainChecker;
  /** Whether the organization's plan includes SSO: without it no domain is verified. */
  planIncludesSso: (organizationId: string) => Promise<boolean>;
};

/** "Verify" on the SSO card: a DNS lookup now, for one of the organization's claims. */
export function createSsoDomainService({ db, checker, planIncludesSso }: Deps) {
  return {
    async verify(
      auth: AuthContext,
      domain: string,
      meta: RequestMeta,
    ): Promise<TSsoDomainVerifyResult> {
      const organizationId = auth.organizationId;
      if (!(await planIncludesSso(organizationId)))
        throw new AppError('payment_required', 402, SSO_TEXT.planRequired);
      const claim = await repo.findClaim(db, organizationId, domain);
      if (!claim) throw new AppError('not_found', 404, SSO_TEXT.domainNotClaimed(domain));
      const found = await checker.check(domain, claim.token);
      if (found.ok && (await repo.verifiedElsewhere(db, domain, organizationId)))
        throw taken(domain);
      const wasVerified = claim.status === 'verified';
      const recorded = await db
        .transaction(async (tx) => {
          const result = await repo.recordCheck(tx, claim, asClaimCheck(found));
          const newlyVerified = found.ok && !wasVerified;
          await appendSecurityEvents(tx, [
            {
              userId: auth.userId,
              organizationId,
              eventType:
                newlyVerified || result.unverified ? 'privilege_escalation' : 'data_access',
              severity: newlyVerified || result.unverified ? 'medium' : 'low',
              description: newlyVerified
                ? `SSO domain verified: ${domain}`
                : result.unverified
                  ? `SSO domain no longer verified: ${domain}`
                  : `SSO domain checked: ${domain} (${found.ok ? 'record found' : found.message})`,
              metadata: {
                action: 'sso.domain_verify',
                domain,
                outcome: found.ok ? 'found' : found.kind,
                status: result.row?.status ?? claim.status,
              },
              ipAddress: meta.ip,
              userAgent: meta.userAgent,
            },
          ]);
          return result;
        })
        .catch((error: unknown) => {
          // Another organization verified the domain between the check and the write.
          if (isUniqueViolation(error)) throw taken(domain);
          throw error;
        });
      const row = recorded.row ?? claim;
      return {
        domain: toClaim(row),
        message: found.ok
          ? SSO_TEXT.domainVerified(domain)
          : SSO_TEXT.domainCheckFailed(domain, found.message),
      };
    },
  };
}

export type SsoDomainService = ReturnType<typeof createSsoDomainService>;

/** Domains re-checked per tick of the periodic jobs at most. */
const RECHECK_BATCH = 20;

/**
 * The periodic re-check: verified domains not checked for `recheckHours` are looked up again; a
 * domain whose record was missing or changed at SSO_LIMITS.recheckMisses checks in a row goes
 * back to unverified (an event for its organization). A failed lookup changes nothing but the
 * last error. Nothing is looked up when the checker is off (offline without resolvers).
 */
export async function recheckSsoDomains(
  db: Executor,
  checker: DomainChecker,
  options: { recheckHours: number; log?: Logger; now?: Date },
): Promise<{ checked: number; unverified: string[] }> {
  if (!checker.enabled) return { checked: 0, unverified: [] };
  const now = options.now ?? new Date();
  const due = await repo.claimDueChecks(
    db,
    new Date(now.getTime() - options.recheckHours * 3_600_000),
    RECHECK_BATCH,
    now,
  );
  const unverified: string[] = [];
  for (const claim of due) {
    const found = await checker.check(claim.domain, claim.token);
    const result = await repo.recordCheck(db, claim, asClaimCheck(found), now);
    if (!result.unverified) continue;
    unverified.push(claim.domain);
    options.log?.warn(
      { component: 'sso', domain: claim.domain, organizationId: claim.organizationId },
      'SSO domain no longer verified',
    );
    await appendSecurityEvents(db, [
      {
        userId: null,
        organizationId: claim.organizationId,
        eventType: 'privilege_escalation',
        severity: 'high',
        description: `SSO domain no longer verified: ${claim.domain} (${found.ok ? '' : found.message})`,
        metadata: { action: 'sso.domain_unverified', domain: claim.domain },
        ipAddress: null,
        userAgent: null,
      },
    ]);
  }
  return { checked: due.length, unverified };
}

/**
 * A deployment operator's release of a verified domain (`netguard sso release-domain`): the
 * claim is dropped so another organization may verify it; an event for the organization that
 * held it. The organization, or undefined when no organization holds the domain verified.
 */
export async function releaseSsoDomain(db: Executor, domain: string) {
  return db.transaction(async (tx) => {
    const organization = await repo.releaseVerifiedDomain(tx, domain);
    if (!organization) return undefined;
    await appendSecurityEvents(tx, [
      {
        userId: null,
        organizationId: organization.id,
        eventType: 'privilege_escalation',
        severity: 'high',
        description: `SSO domain released by a deployment operator: ${domain}`,
        metadata: { action: 'sso.domain_release', domain },
        ipAddress: null,
        userAgent: null,
      },
    ]);
    return organization;
  });
}
