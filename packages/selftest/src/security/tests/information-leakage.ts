import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import type { HttpAnswer } from '../http.ts';
import { evidenceLog, failed, guarded, inconclusive, passed } from '../outcome.ts';
import { secondPath } from './responses.ts';

/** Headers that name software, and the version pattern that makes them a leak. */
const PRODUCT_HEADERS = [
  'server',
  'x-powered-by',
  'x-aspnet-version',
  'x-aspnetmvc-version',
  'x-runtime',
  'x-generator',
];
const VERSION = /\d+\.\d+/;

/** Traces of internals in a body: stack frames, file paths, database errors. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at .+[(/\\].+:\d+(:\d+)?\)?/],
  [
    'a source file path',
    /(?:\/(?:home|usr|opt|srv|var|app|work|root)\/[\w./-]+\.(?:[cm]?[jt]s|py|rb|php|java|go))|[A-Z]:\\[\w\\.-]+\.\w+/,
  ],
  ['a Node module path', /node_modules\/[\w@./-]+/],
  [
    'a database error',
    /syntax error at or near|SQLSTATE|ORA-\d{5}|SQLITE_ERROR|duplicate key value violates/i,
  ],
  [
    'an exception name with a trace',
    /(?:TypeError|ReferenceError|SyntaxError|Exception):[^\n]*\n\s+at /,
  ],
];

export function leaksOf(a: HttpAnswer): string[] {
  const found: string[] = [];
  for (const name of PRODUCT_HEADERS) {
    const value = a.headers[name];
    if (value && VERSION.test(value)) found.push(`${name}: ${value}`);
  }
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(a.body);
    if (match) found.push(`${what} (${match[0].trim().slice(0, 80)})`);
  }
  return found;
}

export const informationLeakage: TestDefinition<SecurityContext> = {
  id: 'security.information-leakage',
  suite: 'security',
  name: 'Information leakage',
  checks:
    'Version strings in response headers, and stack traces, file paths or database errors in error bodies.',
  how: 'GET /, a missing page, a missing API route, a protected route without credentials, a malformed percent-encoding and an invalid id, reading headers and bodies.',
  passCriterion:
    'No header names a software version and no body holds a stack frame, a source path or a database error.',
  covers: ['ASVS 13.4.6', 'ASVS 16.5.1'],
  passive: true,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const paths = [
        '/',
        secondPath(),
        `/api${secondPath()}`,
        context.routes.identity,
        '/api/%E0%A4%A',
        '/api/scans/%00%27',
      ];
      const answers: HttpAnswer[] = [];
      for (const path of paths)
        answers.push(log.exchange(await context.http.request({ path }, signal)));
      const errors = answers.filter((a) => a.status >= 400);
      if (errors.length === 0)
        return inconclusive(
          'None of the probes produced an error response, so error bodies were not seen.',
          log,
        );
      const leaks = answers.flatMap((a) =>
        leaksOf(a).map((l) => `${a.method} ${new URL(a.url).pathname} → ${a.status}: ${l}`),
      );
      if (leaks.length)
        return failed(
          `The deployment reveals internals: ${leaks.join('; ')}.`,
          log,
          'Remove version headers (Server, X-Powered-By) at the proxy and the app, and answer errors with a generic message; log the details server side only.',
        );
      return passed(
        `${answers.length} answers (${errors.length} errors: ${errors.map((a) => a.status).join(', ')}) carry no version header, stack frame, path or database error.`,
        log,
      );
    });
  },
};
