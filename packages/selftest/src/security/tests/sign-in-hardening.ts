import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { errorMessageOf } from '../http.ts';
import { evidenceLog, failed, guarded, inconclusive, passed } from '../outcome.ts';
import { accessTokenOf, bearer, requireCanaries, signIn, trySignIn } from '../session.ts';

/** Credentials installers and scanners try first; none may open a session. */
export const DEFAULT_CREDENTIALS = [
  { email: 'admin@netguard.local', password: 'admin' },
  { email: 'admin@example.com', password: 'password' },
  { email: 'admin@localhost.localdomain', password: 'changeme' },
] as const;
/** In every breached-password list, and it meets the length and character-class rules. */
export const COMMON_PASSWORD = 'P@ssw0rd';
/** Wrong passwords sent before the throttle must have engaged. */
export const MAX_FAILED_ATTEMPTS = 8;

const throttled = (status: number) => status === 423 || status === 429;

export const signInHardening: TestDefinition<SecurityContext> = {
  id: 'security.sign-in-hardening',
  suite: 'security',
  name: 'Sign-in hardening',
  checks:
    'Default credentials do not sign in, a common password is refused as a new password, and repeated wrong passwords engage a throttle that also stops the right one.',
  how: `Sign-in with ${DEFAULT_CREDENTIALS.length} default credential pairs; a canary signs in and asks to change its password to ${COMMON_PASSWORD}; then up to ${MAX_FAILED_ATTEMPTS} wrong passwords for the canary, and its right password once more.`,
  passCriterion: `No default pair gets a token; the password change is refused; a 423 or 429 comes within ${MAX_FAILED_ATTEMPTS} failures and the right password is refused after it.`,
  covers: ['ASVS 6.3.1', 'ASVS 6.3.2', 'ASVS 6.2.4'],
  passive: false,
  thresholds: [{ metric: 'failuresBeforeThrottle', unit: 'attempts', max: MAX_FAILED_ATTEMPTS }],
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const set = await requireCanaries(context);
      const problems: string[] = [];
      for (const pair of DEFAULT_CREDENTIALS) {
        const a = log.exchange(
          await trySignIn(context, pair.email, pair.password, signal),
          `default credentials ${pair.email}`,
        );
        if (a.status === 200 && accessTokenOf(a))
          problems.push(`${pair.email} / ${pair.password} signed in`);
      }
      const user = { ...set.signInUser };
      const session = await signIn(context, user, log, signal);
      const change = log.exchange(
        await context.http.request(
          {
            method: 'POST',
            path: context.routes.changePassword,
            headers: bearer(session.accessToken),
            body: { current_password: user.password, new_password: COMMON_PASSWORD },
          },
          signal,
        ),
        `change of the password to ${COMMON_PASSWORD}`,
      );
      const message = errorMessageOf(change);
      if (change.status >= 200 && change.status < 300) {
        problems.push(`${COMMON_PASSWORD} was accepted as a new password`);
        user.password = COMMON_PASSWORD;
      } else if (!(change.status >= 400 && change.status < 500 && typeof message === 'string'))
        return inconclusive(
          `The password change answered ${change.status} without a message, neither an acceptance nor a refusal.`,
          log,
        );

      let failures = 0;
      let throttledAt: number | undefined;
      while (failures < MAX_FAILED_ATTEMPTS && throttledAt === undefined) {
        const a = log.exchange(
          await trySignIn(context, user.email, `wrong-${failures}-${user.password}`, signal),
          `wrong password ${failures + 1}`,
        );
        failures += 1;
        if (throttled(a.status)) throttledAt = failures;
        else if (a.status !== 401)
          return inconclusive(
            `A wrong password answered ${a.status}, neither 401 nor a throttle.`,
            log,
          );
      }
      const right = log.exchange(
        await trySignIn(context, user.email, user.password, signal),
        'the right password after the failures',
      );
      const rightWorked = right.status === 200 && Boolean(accessTokenOf(right));
      const measurements = { failuresBeforeThrottle: throttledAt ?? failures };
      if (throttledAt === undefined && rightWorked)
        problems.push(
          `${failures} wrong passwords in a row were all answered 401 and the right one then signed in: no throttle`,
        );
      else if (throttledAt !== undefined && rightWorked)
        problems.push(
          `the throttle answered after ${throttledAt} failures, but the right password still signed in`,
        );
      else if (throttledAt === undefined)
        return inconclusive(
          `No throttle status came in ${failures} failures, yet the right password was refused (${right.status}).`,
          log,
        );
      if (problems.length)
        return failed(
          `Sign-in hardening fails: ${problems.join('; ')}.`,
          log,
          'Keep no default accounts, refuse passwords found in breach lists (e.g. the top 10,000) on sign-up, change and reset, and lock or slow an e-mail after a few failures.',
          measurements,
        );
      return passed(
        `No default pair signed in, ${COMMON_PASSWORD} was refused (${change.status}: ${String(message)}), and the throttle answered ${right.status} after ${throttledAt} failures, refusing the right password too.`,
        log,
        measurements,
      );
    });
  },
};
