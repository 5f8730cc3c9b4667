import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { evidenceLog, failed, guarded, inconclusive, observatory, passed } from '../outcome.ts';
import { signIn } from '../session.ts';

export type ParsedCookie = {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
  path?: string;
  domain?: string;
  /** Max-Age=0 or an Expires in the past: the cookie is being cleared, not set. */
  clearing: boolean;
};

export function parseSetCookie(line: string): ParsedCookie {
  const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
  const name = pair.split('=')[0]?.trim() ?? '';
  const attr = new Map(
    attributes.map((a) => {
      const [k = '', ...v] = a.split('=');
      return [k.trim().toLowerCase(), v.join('=').trim()] as const;
    }),
  );
  const expires = attr.get('expires');
  return {
    name,
    secure: attr.has('secure'),
    httpOnly: attr.has('httponly'),
    sameSite: attr.get('samesite')?.toLowerCase(),
    path: attr.get('path'),
    domain: attr.get('domain'),
    clearing:
      attr.get('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now()),
  };
}

/** A cookie that carries a session or credential (Observatory's "session cookie"). */
const isSessionCookie = (c: ParsedCookie, refreshCookie: string) =>
  c.httpOnly || c.name === refreshCookie || /sess|auth|token|refresh|sid|jwt|login/i.test(c.name);

export const cookieFlags: TestDefinition<SecurityContext> = {
  id: 'security.cookie-flags',
  suite: 'security',
  name: 'Cookie flags',
  checks:
    'The attributes of every cookie the deployment sets: Secure, HttpOnly on session cookies, SameSite, and the __Host- or __Secure- prefix.',
  how: 'The Set-Cookie lines of GET / and of a canary sign-in (where the session cookies are set).',
  passCriterion:
    'Every cookie is Secure with SameSite Strict or Lax (None only with Secure), session cookies are HttpOnly, and every name starts with __Host- (Path=/, no Domain) or __Secure-.',
  covers: ['ASVS 3.3.1', 'ASVS 3.3.2', 'ASVS 3.3.3', 'ASVS 3.3.4', 'Observatory: Cookies'],
  passive: false,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      log.exchange(await context.http.request({ path: '/' }, signal));
      const canaries = await context.canaries().catch(() => null);
      if (canaries) await signIn(context, canaries.organization.users.viewer, log, signal);
      // The evidence keeps each Set-Cookie line with its value redacted: names and attributes remain.
      const setLines = log.records
        .filter((r) => r.kind === 'http-exchange')
        .flatMap((r) => (r.data?.setCookies as string[]) ?? []);
      const cookies = setLines.map(parseSetCookie).filter((c) => !c.clearing);
      if (cookies.length === 0)
        return inconclusive(
          canaries
            ? 'Neither GET / nor a sign-in set a cookie, so there is nothing to judge.'
            : 'GET / set no cookie and without a canary provider no sign-in could be made, so the session cookies were not seen.',
          log,
        );
      const overHttp = context.baseUrl.protocol !== 'https:';
      const problems: string[] = [];
      let worst = 0;
      let rule = 'cookies-secure-with-httponly-sessions';
      const mark = (r: string, m: number) => {
        if (m < worst) [worst, rule] = [m, r];
      };
      for (const c of cookies) {
        const session = isSessionCookie(c, context.routes.refreshCookie);
        if (!c.secure || overHttp) {
          problems.push(`${c.name} is ${overHttp ? 'set over plain HTTP' : 'not Secure'}`);
          mark(
            session ? 'cookies-session-without-secure-flag' : 'cookies-without-secure-flag',
            session ? -40 : -20,
          );
        }
        if (session && !c.httpOnly) {
          problems.push(`${c.name} (a session cookie) is not HttpOnly`);
          mark('cookies-session-without-httponly-flag', -30);
        }
        if (
          !c.sameSite ||
          !['strict', 'lax', 'none'].includes(c.sameSite) ||
          (c.sameSite === 'none' && !c.secure)
        ) {
          problems.push(`${c.name} has SameSite=${c.sameSite ?? '(none)'}`);
          if (c.sameSite) mark('cookies-samesite-flag-invalid', -20);
        }
        const hostPrefixed =
          c.name.startsWith('__Host-') && c.path === '/' && !c.domain && c.secure;
        if (!hostPrefixed && !(c.name.startsWith('__Secure-') && c.secure))
          problems.push(`${c.name} has neither the __Host- nor the __Secure- prefix`);
      }
      const allSameSite = cookies.every((c) => c.sameSite === 'strict' || c.sameSite === 'lax');
      if (worst === 0 && allSameSite)
        [worst, rule] = [5, 'cookies-secure-with-httponly-sessions-and-samesite'];
      observatory(
        log,
        rule,
        worst,
        `${cookies.length} cookies: ${cookies.map((c) => c.name).join(', ')}`,
      );
      if (problems.length)
        return failed(
          `Of ${cookies.length} cookies: ${problems.join('; ')}.`,
          log,
          'Set every cookie with Secure and SameSite (Strict for session cookies), HttpOnly on the session cookies, and name them __Host-… (Path=/) or __Secure-… (NetGuard: modules/auth/auth.cookies.ts).',
        );
      if (!canaries)
        return inconclusive(
          `The ${cookies.length} cookies of GET / are well set, but without canaries no sign-in was made, so the session cookies were not seen.`,
          log,
        );
      return passed(
        `All ${cookies.length} cookies (${cookies.map((c) => c.name).join(', ')}) are Secure, prefixed, SameSite ${[...new Set(cookies.map((c) => c.sameSite))].join('/')}, and the session ones HttpOnly.`,
        log,
      );
    });
  },
};
