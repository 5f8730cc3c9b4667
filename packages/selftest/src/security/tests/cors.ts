import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import type { HttpAnswer } from '../http.ts';
import { evidenceLog, failed, guarded, observatory, passed } from '../outcome.ts';

/** An origin no deployment trusts (.invalid never resolves). */
export const FOREIGN_ORIGIN = 'https://selftest-foreign.invalid';

function verdictOf(a: HttpAnswer) {
  const origin = a.headers['access-control-allow-origin']?.trim();
  const credentials =
    a.headers['access-control-allow-credentials']?.trim().toLowerCase() === 'true';
  return {
    origin,
    credentials,
    reflected: origin === FOREIGN_ORIGIN || origin === 'null',
    wildcardWithCredentials: origin === '*' && credentials,
  };
}

export const cors: TestDefinition<SecurityContext> = {
  id: 'security.cors',
  suite: 'security',
  name: 'Cross-origin resource sharing',
  checks:
    'Whether the API lets a foreign origin read its answers: reflection of the Origin header, or * with credentials.',
  how: `GET of the identity route and of / with Origin: ${FOREIGN_ORIGIN}, and an OPTIONS preflight of the identity route asking for credentials and the Authorization header.`,
  passCriterion:
    'No answer allows the foreign origin (or null), and none pairs Access-Control-Allow-Origin * with credentials.',
  covers: ['ASVS 3.4.2', 'Observatory: CORS'],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const headers = { origin: FOREIGN_ORIGIN };
      const answers = [
        await context.http.request({ path: context.routes.identity, headers }, signal),
        await context.http.request({ path: '/', headers }, signal),
        await context.http.request(
          {
            method: 'OPTIONS',
            path: context.routes.identity,
            headers: {
              ...headers,
              'access-control-request-method': 'GET',
              'access-control-request-headers': 'authorization',
            },
          },
          signal,
        ),
      ].map((a) => log.exchange(a));
      const open = answers.filter((a) => {
        const v = verdictOf(a);
        return v.reflected || v.wildcardWithCredentials;
      });
      if (open.length) {
        observatory(
          log,
          'cross-origin-resource-sharing-implemented-with-universal-access',
          -50,
          'CORS open to any origin',
        );
        const v = verdictOf(open[0] as HttpAnswer);
        return failed(
          `${open.map((a) => `${a.method} ${new URL(a.url).pathname}`).join(', ')} answered Access-Control-Allow-Origin: ${v.origin}${v.credentials ? ' with Access-Control-Allow-Credentials: true' : ''} to the foreign origin ${FOREIGN_ORIGIN}.`,
          log,
          'Answer CORS only for an allow-list of trusted origins (or not at all for a same-origin app), never by echoing Origin and never * with credentials.',
        );
      }
      const wildcard = answers.some((a) => verdictOf(a).origin === '*');
      observatory(
        log,
        wildcard
          ? 'cross-origin-resource-sharing-implemented-with-public-access'
          : 'cross-origin-resource-sharing-not-implemented',
        0,
        wildcard ? 'CORS * without credentials' : 'CORS not open',
      );
      return passed(
        `None of ${answers.length} answers (statuses ${answers.map((a) => a.status).join(', ')}) allowed ${FOREIGN_ORIGIN}${wildcard ? ' (one answered * without credentials)' : ''}.`,
        log,
      );
    });
  },
};
