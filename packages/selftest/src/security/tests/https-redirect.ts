import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { evidenceLog, failed, guarded, inconclusive, observatory, passed } from '../outcome.ts';

const FIX =
  'Answer every plain-HTTP request with a 301 (or 308) to the same path on https:// of the same host, at the reverse proxy.';

export const httpsRedirect: TestDefinition<SecurityContext> = {
  id: 'security.https-redirect',
  suite: 'security',
  name: 'HTTP to HTTPS redirect',
  checks:
    'What a plain-HTTP request to the deployment’s host gets: a redirect to HTTPS on the same host, or nothing listening.',
  how: 'GET / on the plain-HTTP origin of the host; a redirect is followed one hop to the https base URL.',
  passCriterion:
    'Plain HTTP answers with a redirect to https:// on the same host whose target answers, or no plain-HTTP listener exists while HTTPS answers.',
  covers: ['ASVS 12.2.1', 'Observatory: Redirection'],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const https = context.baseUrl.protocol === 'https:';
      const start = https ? context.plainHttpUrl : context.baseUrl;
      const first = await context.http
        .request({ path: new URL('/', start).toString() }, signal)
        .catch((e: Error) => e);
      if (first instanceof Error) {
        log.add('note', `GET ${start.origin}/ failed: ${first.message}`);
        if (!https)
          return inconclusive(
            `The plain-HTTP deployment ${start.origin} did not answer, so nothing is concluded.`,
            log,
          );
        const secure = await context.http
          .request({ method: 'HEAD', path: '/' }, signal)
          .catch(() => null);
        if (!secure) return inconclusive('Neither plain HTTP nor HTTPS answered.', log);
        log.exchange(secure);
        observatory(log, 'redirection-not-needed-no-http', 0, 'No plain-HTTP listener');
        return passed(
          `Nothing answers plain HTTP at ${start.origin} (${first.message}) while HTTPS answers ${secure.status}: there is no cleartext entry to redirect.`,
          log,
        );
      }
      log.exchange(first);
      const location = first.headers.location;
      const isRedirect = first.status >= 300 && first.status < 400 && location;
      if (!isRedirect) {
        observatory(log, 'redirection-missing', -20, 'Does not redirect to HTTPS');
        return failed(
          `GET ${start.origin}/ answered ${first.status} over plain HTTP with no redirect${https ? '' : ': the deployment itself is served over plain HTTP'}.`,
          log,
          FIX,
        );
      }
      const target = new URL(location, start);
      if (target.protocol !== 'https:') {
        observatory(log, 'redirection-not-to-https', -20, 'Redirects, but not to HTTPS');
        return failed(
          `The plain-HTTP answer redirects to ${target}, which is not HTTPS.`,
          log,
          FIX,
        );
      }
      if (target.hostname !== start.hostname) {
        observatory(
          log,
          'redirection-off-host-from-http',
          -5,
          'Redirects to HTTPS on another host',
        );
        return failed(
          `The redirect goes to another host (${target.host}), so HSTS of this host is never set.`,
          log,
          FIX,
        );
      }
      if (target.origin !== context.baseUrl.origin)
        return inconclusive(
          `The redirect goes to ${target.origin}, not to the base URL ${context.baseUrl.origin}, which this run may not reach.`,
          log,
        );
      const landed = log.exchange(
        await context.http.request({ method: 'HEAD', path: target.toString() }, signal),
      );
      if (landed.status >= 500 || landed.status === 0)
        return inconclusive(`The redirect target ${target} answered ${landed.status}.`, log);
      observatory(log, 'redirection-to-https', 0, 'Redirects to HTTPS on the same host');
      return passed(
        `Plain HTTP answered ${first.status} with Location ${target}, and that HTTPS address answered ${landed.status}.`,
        log,
      );
    });
  },
};
