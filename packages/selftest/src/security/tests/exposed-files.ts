import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import type { HttpAnswer } from '../http.ts';
import { evidenceLog, failed, guarded, inconclusive, passed } from '../outcome.ts';

/**
 * Each probe: a path, and the content that proves the file is really there (a single-page app
 * answers 200 with its index.html for any path, so the status alone proves nothing).
 */
type Probe = { path: string; what: string; proves: (a: HttpAnswer) => boolean };

const notHtml = (a: HttpAnswer) =>
  !/text\/html/i.test(a.headers['content-type'] ?? '') && !/^\s*<(!doctype|html)/i.test(a.body);
const binaryish = (a: HttpAnswer) =>
  notHtml(a) && a.body.length > 0 && !/^\s*\{\s*"(error|message|statusCode)"/.test(a.body);

export const FILE_PROBES: Probe[] = [
  { path: '/.git/config', what: 'Git configuration', proves: (a) => /^\s*\[core\]/m.test(a.body) },
  { path: '/.git/HEAD', what: 'Git HEAD', proves: (a) => /^ref: refs\//.test(a.body) },
  {
    path: '/.env',
    what: 'environment file',
    proves: (a) => notHtml(a) && /^[A-Z][A-Z0-9_]*=.*/m.test(a.body),
  },
  {
    path: '/.env.production',
    what: 'environment file',
    proves: (a) => notHtml(a) && /^[A-Z][A-Z0-9_]*=.*/m.test(a.body),
  },
  {
    path: '/backup.zip',
    what: 'backup archive',
    proves: (a) => binaryish(a) && a.body.startsWith('PK'),
  },
  {
    path: '/backup.sql',
    what: 'database dump',
    proves: (a) => notHtml(a) && /CREATE TABLE|INSERT INTO|PostgreSQL database dump/i.test(a.body),
  },
  {
    path: '/package.json',
    what: 'package manifest',
    proves: (a) => notHtml(a) && /"dependencies"\s*:/.test(a.body),
  },
  {
    path: '/.DS_Store',
    what: 'Finder metadata',
    proves: (a) => binaryish(a) && a.body.includes('Bud1'),
  },
];

/** Script sources of a page: their .map files are source maps. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/gi)]
    .map((m) => m[1] as string)
    .filter((s) => !/^(https?:)?\/\//.test(s));
}

const isSourceMap = (a: HttpAnswer) =>
  notHtml(a) && /"mappings"\s*:/.test(a.body) && /"sources"\s*:/.test(a.body);
const isMetrics = (a: HttpAnswer) => /^# (HELP|TYPE) \w+/m.test(a.body) && notHtml(a);

export const exposedFiles: TestDefinition<SecurityContext> = {
  id: 'security.exposed-files',
  suite: 'security',
  name: 'Exposed files and endpoints',
  checks:
    'Files and endpoints that must not be public: .git, .env, backups and dumps, the package manifest, source maps, /metrics without its token.',
  how: `GET of ${FILE_PROBES.length} well-known paths, of the .map of each script the page loads, and of the metrics route without a token; a hit needs status 200 and the file’s own content.`,
  passCriterion: 'No probe answers 200 with content that matches the file it names.',
  covers: ['ASVS 13.4.1', 'ASVS 13.4.5', 'ASVS 13.4.7'],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const page = log.exchange(await context.http.request({ path: '/' }, signal));
      const probes: Probe[] = [
        ...FILE_PROBES,
        ...scriptSources(page.body)
          .slice(0, 5)
          .map((src) => ({
            path: `${new URL(src, context.baseUrl).pathname}.map`,
            what: 'source map',
            proves: isSourceMap,
          })),
        { path: context.routes.metrics, what: 'metrics without a token', proves: isMetrics },
      ];
      const hits: string[] = [];
      let answered = 0;
      for (const probe of probes) {
        const a = await context.http.request({ path: probe.path }, signal);
        if (a.status > 0) answered += 1;
        if (a.status === 200 && probe.proves(a)) {
          log.exchange(a, `${probe.path} exposes a ${probe.what}`);
          hits.push(`${probe.path} (${probe.what})`);
        } else
          log.add('http-exchange', `GET ${probe.path} → ${a.status}, no ${probe.what}`, {
            status: a.status,
            contentType: a.headers['content-type'],
          });
      }
      if (answered < probes.length)
        return inconclusive(`${probes.length - answered} probes got no answer.`, log);
      if (hits.length)
        return failed(
          `${hits.length} of ${probes.length} probes found what they name: ${hits.join(', ')}.`,
          log,
          'Serve only the built web app and the API: keep .git, .env, dumps and source maps out of the served folder, and set METRICS_TOKEN.',
        );
      return passed(
        `None of ${probes.length} probes returned the file or endpoint it names (${page.status} for /).`,
        log,
      );
    });
  },
};
