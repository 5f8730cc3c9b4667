import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { evidenceLog, failed, guarded, observatory, passed } from '../outcome.ts';
import { plainHttpFailure } from './plain-http.ts';
import { pageAndError } from './responses.ts';

/** ASVS 5.0 3.4.1: at least one year. */
export const HSTS_MIN_MAX_AGE = 31_536_000;
/** Observatory's line between no penalty and −10: six months. */
const OBSERVATORY_SIX_MONTHS = 15_768_000;

export function parseHsts(
  value: string | undefined,
): { maxAge: number; includeSubDomains: boolean; preload: boolean } | null {
  if (!value) return null;
  const match = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?\s*(?:;|$)/i.exec(value);
  if (!match) return null;
  return {
    maxAge: Number(match[1]),
    includeSubDomains: /(?:^|;)\s*includesubdomains\s*(?:;|$)/i.test(value),
    preload: /(?:^|;)\s*preload\s*(?:;|$)/i.test(value),
  };
}

const FIX = `Send Strict-Transport-Security: max-age=${HSTS_MIN_MAX_AGE}; includeSubDomains on every HTTPS response.`;

export const hsts: TestDefinition<SecurityContext> = {
  id: 'security.hsts',
  suite: 'security',
  name: 'HTTP Strict Transport Security',
  checks: 'The Strict-Transport-Security header on the deployment’s responses.',
  how: 'GET / and GET of a path that does not exist (an error response), reading the header of each.',
  passCriterion: `Both responses carry a valid header with max-age of at least ${HSTS_MIN_MAX_AGE} s (one year).`,
  covers: ['ASVS 3.4.1', 'Observatory: HSTS'],
  passive: true,
  thresholds: [{ metric: 'maxAge', unit: 's', min: HSTS_MIN_MAX_AGE }],
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      if (!context.tls) {
        observatory(log, 'hsts-not-implemented-no-https', -20, 'HSTS cannot be set without HTTPS');
        return plainHttpFailure(context, log, 'HSTS cannot be set without HTTPS', signal);
      }
      const answers = await pageAndError(context, log, signal);
      const parsed = answers.map((a) => parseHsts(a.headers['strict-transport-security']));
      const missing = answers.filter((_, i) => !parsed[i]);
      if (missing.length) {
        const present = missing.some((a) => a.headers['strict-transport-security']);
        observatory(
          log,
          present ? 'hsts-header-invalid' : 'hsts-not-implemented',
          -20,
          'HSTS missing or invalid',
        );
        return failed(
          `${missing.map((a) => `${new URL(a.url).pathname} (${a.status})`).join(' and ')} ${present ? 'carried an unparsable' : 'carried no'} Strict-Transport-Security header.`,
          log,
          FIX,
        );
      }
      const maxAge = Math.min(...parsed.map((p) => p?.maxAge ?? 0));
      observatory(
        log,
        maxAge >= OBSERVATORY_SIX_MONTHS
          ? 'hsts-implemented-max-age-at-least-six-months'
          : 'hsts-implemented-max-age-less-than-six-months',
        maxAge >= OBSERVATORY_SIX_MONTHS ? 0 : -10,
        `HSTS max-age ${maxAge}`,
      );
      if (maxAge < HSTS_MIN_MAX_AGE)
        return failed(
          `HSTS is set, but with max-age=${maxAge} s, under one year (${HSTS_MIN_MAX_AGE} s).`,
          log,
          FIX,
          { maxAge },
        );
      return passed(
        `Both responses (${answers.map((a) => a.status).join(' and ')}) carry HSTS with max-age=${maxAge} s.`,
        log,
        { maxAge },
      );
    });
  },
};
