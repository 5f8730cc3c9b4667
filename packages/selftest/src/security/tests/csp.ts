import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { type EvidenceLog, evidenceLog, failed, guarded, observatory, passed } from '../outcome.ts';
import { pageAndError } from './responses.ts';

export type Csp = Map<string, string[]>;

/** Parses a Content-Security-Policy value into directive → sources (lower-cased names). */
export function parseCsp(value: string | undefined): Csp | null {
  if (!value?.trim()) return null;
  const policy: Csp = new Map();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !policy.has(name.toLowerCase())) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** What the policy allows for scripts: script-src, else default-src. */
const scriptSources = (csp: Csp) => csp.get('script-src') ?? csp.get('default-src') ?? [];

function scoreCsp(log: EvidenceLog, csp: Csp) {
  const scripts = scriptSources(csp);
  const all = [...csp.values()].flat();
  if (scripts.includes("'unsafe-inline'") && !scripts.some((s) => /^'(nonce|sha\d+)-/.test(s)))
    return observatory(
      log,
      'csp-implemented-with-unsafe-inline',
      -20,
      "CSP allows 'unsafe-inline' scripts",
    );
  if (all.some((s) => /^http:/.test(s) || s === 'http:'))
    return observatory(
      log,
      'csp-implemented-with-insecure-scheme',
      -20,
      'CSP allows http: sources',
    );
  if (scripts.includes("'unsafe-eval'"))
    return observatory(log, 'csp-implemented-with-unsafe-eval', -10, "CSP allows 'unsafe-eval'");
  if ((csp.get('style-src') ?? []).includes("'unsafe-inline'"))
    return observatory(
      log,
      'csp-implemented-with-unsafe-inline-in-style-src-only',
      0,
      "CSP allows 'unsafe-inline' in style-src only",
    );
  if ((csp.get('default-src') ?? []).includes("'none'"))
    return observatory(
      log,
      'csp-implemented-with-no-unsafe-default-src-none',
      10,
      "CSP with default-src 'none' and nothing unsafe",
    );
  observatory(log, 'csp-implemented-with-no-unsafe', 5, 'CSP with nothing unsafe');
}

/** What the policy lacks of the pass criterion. */
export function cspProblems(csp: Csp): string[] {
  const problems: string[] = [];
  const scripts = scriptSources(csp);
  if (scripts.length === 0) problems.push('no script-src or default-src');
  if (scripts.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (scripts.includes("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'");
  if (scripts.includes('*') || scripts.some((s) => /^https?:$/.test(s)))
    problems.push('script-src allows any host');
  if (!csp.has('frame-ancestors')) problems.push('no frame-ancestors');
  const objects = csp.get('object-src') ?? csp.get('default-src') ?? [];
  if (!(objects.length === 1 && objects[0] === "'none'")) problems.push("object-src is not 'none'");
  if (!csp.has('base-uri')) problems.push('no base-uri');
  return problems;
}

export const contentSecurityPolicy: TestDefinition<SecurityContext> = {
  id: 'security.csp',
  suite: 'security',
  name: 'Content Security Policy',
  checks: 'The Content-Security-Policy header of the page and of an error response.',
  how: 'GET / and GET of a missing path; the header of each is parsed directive by directive.',
  passCriterion:
    "Both carry a CSP whose script-src (or default-src) has no 'unsafe-inline', 'unsafe-eval' or wildcard, with frame-ancestors, object-src 'none' and base-uri.",
  covers: ['ASVS 3.4.3', 'ASVS 3.4.6', 'Observatory: Content Security Policy'],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const answers = await pageAndError(context, log, signal);
      const policies = answers.map((a) => parseCsp(a.headers['content-security-policy']));
      const fix =
        "Send Content-Security-Policy: default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none' on every response (NetGuard: plugins/security-headers.ts).";
      const missing = answers.filter((_, i) => !policies[i]);
      if (missing.length) {
        observatory(log, 'csp-not-implemented', -25, 'CSP header not implemented');
        return failed(
          `${missing.map((a) => `${new URL(a.url).pathname} (${a.status})`).join(' and ')} carried no Content-Security-Policy header.`,
          log,
          fix,
        );
      }
      const page = policies[0] as Csp;
      scoreCsp(log, page);
      const problems = [...new Set(policies.flatMap((p) => cspProblems(p as Csp)))];
      if (problems.length)
        return failed(`The Content-Security-Policy falls short: ${problems.join('; ')}.`, log, fix);
      return passed(
        `Both responses carry a CSP with script-src ${scriptSources(page).join(' ')}, frame-ancestors ${page.get('frame-ancestors')?.join(' ')}, object-src 'none' and base-uri ${page.get('base-uri')?.join(' ')}.`,
        log,
      );
    });
  },
};
