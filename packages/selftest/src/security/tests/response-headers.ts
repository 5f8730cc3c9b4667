import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import type { HttpAnswer } from '../http.ts';
import { type EvidenceLog, evidenceLog, failed, guarded, observatory, passed } from '../outcome.ts';
import { parseCsp } from './csp.ts';
import { pageAndError } from './responses.ts';

const PRIVATE_REFERRER = [
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
];
const UNSAFE_REFERRER = ['unsafe-url', 'no-referrer-when-downgrade'];

/** The last policy a browser understands wins: Referrer-Policy may be a comma list. */
const referrerOf = (a: HttpAnswer) =>
  (a.headers['referrer-policy'] ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .at(-1);

/** What one response lacks of the other headers. */
export function headerProblems(a: HttpAnswer): string[] {
  const h = a.headers;
  const where = new URL(a.url).pathname;
  const problems: string[] = [];
  if (h['x-content-type-options']?.trim().toLowerCase() !== 'nosniff')
    problems.push(`${where}: X-Content-Type-Options is not nosniff`);
  const referrer = referrerOf(a);
  if (!referrer || !PRIVATE_REFERRER.includes(referrer))
    problems.push(`${where}: Referrer-Policy is ${referrer ?? 'missing'}`);
  const xfo = h['x-frame-options']?.trim().toUpperCase();
  const ancestors = parseCsp(h['content-security-policy'])?.get('frame-ancestors');
  if (!ancestors && xfo !== 'DENY' && xfo !== 'SAMEORIGIN')
    problems.push(`${where}: no frame protection (X-Frame-Options or CSP frame-ancestors)`);
  if (
    !['same-origin', 'same-origin-allow-popups'].includes(
      h['cross-origin-opener-policy']?.trim() ?? '',
    )
  )
    problems.push(
      `${where}: Cross-Origin-Opener-Policy is ${h['cross-origin-opener-policy'] ?? 'missing'}`,
    );
  if (!['same-origin', 'same-site'].includes(h['cross-origin-resource-policy']?.trim() ?? ''))
    problems.push(
      `${where}: Cross-Origin-Resource-Policy is ${h['cross-origin-resource-policy'] ?? 'missing'}`,
    );
  if (!h['permissions-policy']?.trim()) problems.push(`${where}: no Permissions-Policy`);
  const type = h['content-type'] ?? '';
  if (/^text\//i.test(type) && !/charset=/i.test(type))
    problems.push(`${where}: Content-Type ${type} names no charset`);
  if (!type && a.body.length > 0) problems.push(`${where}: a body without Content-Type`);
  return problems;
}

function score(log: EvidenceLog, page: HttpAnswer) {
  const h = page.headers;
  const xcto = h['x-content-type-options'];
  if (xcto?.trim().toLowerCase() === 'nosniff')
    observatory(log, 'x-content-type-options-nosniff', 0, 'X-Content-Type-Options nosniff');
  else
    observatory(
      log,
      xcto ? 'x-content-type-options-header-invalid' : 'x-content-type-options-not-implemented',
      -5,
      'X-Content-Type-Options missing or invalid',
    );
  const referrer = referrerOf(page);
  if (!referrer) observatory(log, 'referrer-policy-not-implemented', 0, 'Referrer-Policy missing');
  else if (PRIVATE_REFERRER.includes(referrer))
    observatory(log, 'referrer-policy-private', 5, `Referrer-Policy ${referrer}`);
  else if (UNSAFE_REFERRER.includes(referrer))
    observatory(log, 'referrer-policy-unsafe', -5, `Referrer-Policy ${referrer}`);
  else
    observatory(
      log,
      'referrer-policy-no-referrer-when-downgrade',
      0,
      `Referrer-Policy ${referrer}`,
    );
  const xfo = h['x-frame-options']?.trim().toUpperCase();
  if (parseCsp(h['content-security-policy'])?.has('frame-ancestors'))
    observatory(
      log,
      'x-frame-options-implemented-via-csp',
      5,
      'Frame protection via CSP frame-ancestors',
    );
  else if (xfo === 'DENY' || xfo === 'SAMEORIGIN')
    observatory(log, 'x-frame-options-sameorigin-or-deny', 0, `X-Frame-Options ${xfo}`);
  else
    observatory(
      log,
      xfo ? 'x-frame-options-header-invalid' : 'x-frame-options-not-implemented',
      -20,
      'No frame protection',
    );
  const corp = h['cross-origin-resource-policy']?.trim();
  if (corp && !['same-origin', 'same-site', 'cross-origin'].includes(corp))
    observatory(
      log,
      'cross-origin-resource-policy-header-invalid',
      -5,
      `Cross-Origin-Resource-Policy ${corp}`,
    );
}

export const responseHeaders: TestDefinition<SecurityContext> = {
  id: 'security.response-headers',
  suite: 'security',
  name: 'Other response headers',
  checks:
    'X-Content-Type-Options, Referrer-Policy, frame protection, COOP, CORP, Permissions-Policy and the charset of text responses.',
  how: 'GET / and GET of a missing path; each header is read on both answers.',
  passCriterion:
    'Both answers carry nosniff, a private Referrer-Policy, X-Frame-Options DENY/SAMEORIGIN or frame-ancestors, COOP same-origin, CORP same-origin or same-site, a Permissions-Policy, and text types name a charset.',
  covers: [
    'ASVS 3.4.4',
    'ASVS 3.4.5',
    'ASVS 4.1.1',
    'Observatory: X-Content-Type-Options',
    'Observatory: X-Frame-Options',
    'Observatory: Referrer Policy',
  ],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const answers = await pageAndError(context, log, signal);
      score(log, answers[0]);
      const problems = answers.flatMap(headerProblems);
      if (problems.length)
        return failed(
          `Missing or weak headers: ${problems.join('; ')}.`,
          log,
          "Add the missing headers to every response (NetGuard: helmet in plugins/security-headers.ts; Permissions-Policy e.g. 'camera=(), microphone=(), geolocation=()').",
        );
      return passed(
        'Both answers carry nosniff, a private Referrer-Policy, frame protection, COOP, CORP, a Permissions-Policy and a charset.',
        log,
      );
    });
  },
};
