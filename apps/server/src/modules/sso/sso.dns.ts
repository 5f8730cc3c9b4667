import { Resolver } from 'node:dns/promises';
import { SSO_TEXT, ssoDomainRecordName, ssoDomainRecordValue } from '@netguard/contracts';
import type { SsoDnsSettings } from '../../config.ts';

/**
 * What a lookup of a domain's proof found: the record (ok), a definite answer without it
 * (missing, or records that do not match), or no answer (lookup: timed out, refused...).
 * `message` is for people: classified, never the resolver's raw error.
 */
export type DomainCheck =
  | { ok: true }
  | { ok: false; kind: 'missing' | 'mismatch' | 'lookup'; message: string };

export type DomainChecker = {
  check: (domain: string, token: string) => Promise<DomainCheck>;
  /** False on an offline deployment without a resolver: no lookup would be made. */
  enabled: boolean;
};

/** Per try; c-ares tries each server `TRIES` times. */
const TIMEOUT_MS = 2_000;
const TRIES = 2;

/** Answers that mean the name holds no TXT record (NXDOMAIN, NODATA). */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);
const TIMEOUT = new Set(['ETIMEOUT', 'ETIMEDOUT']);
/** The failures a person may be told about by name; anything else is "lookup error". */
const NAMED: Record<string, string> = {
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  ECONNREFUSED: 'connection refused',
  EFORMERR: 'format error',
  EBADRESP: 'bad response',
};

/**
 * Looks up `_netguard-challenge.<domain>` through the operator's resolvers (SSO_DNS_RESOLVERS),
 * or the system's; an offline deployment without resolvers makes no lookup at all.
 */
export function createDomainChecker(settings: SsoDnsSettings): DomainChecker {
  const enabled = !(settings.offline && !settings.resolvers);
  return {
    enabled,
    async check(domain, token) {
      if (!enabled) return { ok: false, kind: 'lookup', message: SSO_TEXT.dnsOffline };
      const name = ssoDomainRecordName(domain);
      const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
      if (settings.resolvers) resolver.setServers(settings.resolvers);
      let records: string[][];
      try {
        records = await resolver.resolveTxt(name);
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (ABSENT.has(code))
          return { ok: false, kind: 'missing', message: SSO_TEXT.dnsRecordMissing(name) };
        if (TIMEOUT.has(code)) return { ok: false, kind: 'lookup', message: SSO_TEXT.dnsTimeout };
        return {
          ok: false,
          kind: 'lookup',
          message: SSO_TEXT.dnsFailed(NAMED[code] ?? 'lookup error'),
        };
      }
      // A TXT record's value may come in several strings: they are one value.
      const values = records.map((chunks) => chunks.join(''));
      if (values.includes(ssoDomainRecordValue(token))) return { ok: true };
      return values.length === 0
        ? { ok: false, kind: 'missing', message: SSO_TEXT.dnsRecordMissing(name) }
        : { ok: false, kind: 'mismatch', message: SSO_TEXT.dnsRecordMismatch(name) };
    },
  };
}
