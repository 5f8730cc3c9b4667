import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { withAlgNone, withFlippedSignature, withPastExpiry } from '../jwt.ts';
import {
  evidenceLog,
  failed,
  guarded,
  inconclusive,
  PrerequisiteError,
  passed,
} from '../outcome.ts';
import { bearer, identityWith, refresh, requireCanaries, signIn } from '../session.ts';

export const sessionTokens: TestDefinition<SecurityContext> = {
  id: 'security.session-tokens',
  suite: 'security',
  name: 'Session and token integrity',
  checks:
    'Forged and ended tokens are refused: alg none, a flipped signature, an expired token, a token after sign-out, and a rotated refresh token presented again.',
  how: 'A canary signs in; its access token, once proven to work, is replayed as alg none, with one signature byte flipped and with its expiry moved back (and a server-minted expired one when given); then it signs out and replays the token and the refresh cookie; a second session rotates its refresh token twice and presents the first one again.',
  passCriterion:
    'Every forged or ended token is refused (401/403 without the user’s e-mail), and presenting a rotated refresh token is refused and ends the session’s later tokens too.',
  covers: ['ASVS 7.2.1', 'ASVS 7.4.1', 'ASVS 9.1.1', 'ASVS 9.1.2', 'ASVS 9.2.1', 'ASVS 7.2.4'],
  passive: false,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const set = await requireCanaries(context);
      const user = set.sessionUser;
      const problems: string[] = [];
      const unclear: string[] = [];
      const first = await signIn(context, user, log, signal);
      if (
        (await identityWith(
          context,
          first.accessToken,
          user.email,
          log,
          'control: the genuine token',
          signal,
        )) !== 'accepted'
      )
        throw new PrerequisiteError(
          'the genuine access token was not accepted, so the session was lost before the test',
        );
      const forged: [string, string][] = [
        ['alg none', withAlgNone(first.accessToken)],
        ['a flipped signature', withFlippedSignature(first.accessToken)],
        ['an expiry moved back', withPastExpiry(first.accessToken)],
      ];
      if (set.expiredAccessToken) forged.push(['a genuine expired token', set.expiredAccessToken]);
      for (const [label, token] of forged) {
        const seen = await identityWith(context, token, user.email, log, label, signal);
        if (seen === 'accepted') problems.push(`${label} was accepted`);
        if (seen === 'unclear') unclear.push(label);
      }
      const out = log.exchange(
        await context.http.request(
          { method: 'POST', path: context.routes.signOut, headers: bearer(first.accessToken) },
          signal,
        ),
        'sign-out',
      );
      if (out.status !== 200) throw new PrerequisiteError(`sign-out answered ${out.status}`);
      const afterOut = await identityWith(
        context,
        first.accessToken,
        user.email,
        log,
        'the access token after sign-out',
        signal,
      );
      if (afterOut === 'accepted') problems.push('the access token still worked after sign-out');
      if (afterOut === 'unclear') unclear.push('the access token after sign-out');
      if ((await refresh(context, first, log, 'the refresh cookie after sign-out', signal)).next)
        problems.push('the refresh cookie still gave a session after sign-out');

      const second = await signIn(context, user, log, signal);
      const r1 = await refresh(context, second, log, 'rotation 1', signal);
      if (!r1.next) throw new PrerequisiteError(`the first refresh answered ${r1.answer.status}`);
      const r2 = await refresh(context, r1.next, log, 'rotation 2', signal);
      if (!r2.next) throw new PrerequisiteError(`the second refresh answered ${r2.answer.status}`);
      const reuse = await refresh(
        context,
        second,
        log,
        'the first refresh token presented again',
        signal,
      );
      if (reuse.next) problems.push('a refresh token rotated twice still gave a session');
      else {
        const later = await refresh(
          context,
          r2.next,
          log,
          'the newest refresh token after the reuse',
          signal,
        );
        if (later.next)
          problems.push(
            'the reuse of a rotated refresh token did not end the session (its newest token still works)',
          );
      }
      const tried = forged.length + 4;
      if (problems.length)
        return failed(
          `${problems.length} of ${tried} forged or ended tokens were accepted: ${problems.join('; ')}.`,
          log,
          'Verify the signature with a fixed algorithm list (never none) and the expiry on every request, revoke the session’s tokens at sign-out, and revoke the whole refresh family when a rotated token comes back.',
        );
      if (unclear.length)
        return inconclusive(
          `Answers to ${unclear.join(', ')} were neither an acceptance nor a clear refusal.`,
          log,
        );
      return passed(
        `The genuine token worked; ${forged.map((f) => f[0]).join(', ')} were refused; after sign-out neither the token nor the refresh cookie worked; the rotated refresh token was refused and ended the session.`,
        log,
      );
    });
  },
};
