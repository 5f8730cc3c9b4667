import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import { type HttpAnswer, type HttpMethod, jsonOf } from '../http.ts';
import { evidenceLog, failed, guarded, inconclusive, passed } from '../outcome.ts';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** A path parameter no row has. */
const PARAM = '00000000-0000-4000-8000-000000000000';
export const MAX_OPERATIONS = 500;
/** NetGuard's document is about a megabyte. */
const MAX_DOCUMENT = 16 * 1024 * 1024;

type Operation = { method: HttpMethod; path: string; key: string };

/** Whether 'METHOD /path' is on the allow-list (entries may end in '*'). */
export function allowListed(key: string, allow: readonly string[]): boolean {
  return allow.some((a) => (a.endsWith('*') ? key.startsWith(a.slice(0, -1)) : key === a));
}

export function operationsOf(doc: unknown): Operation[] {
  const paths = (doc as { paths?: Record<string, Record<string, unknown>> })?.paths ?? {};
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(paths))
    for (const method of METHODS)
      if (item && typeof item === 'object' && method.toLowerCase() in item)
        ops.push({
          method,
          path: template.replace(/\{[^}]+\}/g, PARAM),
          key: `${method} ${template}`,
        });
  return ops;
}

/** A refusal rests on the status AND a body that holds an error, not data. */
function refused(a: HttpAnswer): boolean {
  if (a.status !== 401 && a.status !== 403) return false;
  const body = jsonOf(a) as Record<string, unknown> | undefined;
  return (
    a.body.length === 0 ||
    Boolean(body && ('error' in body || 'message' in body) && Object.keys(body).length <= 4)
  );
}

export const openapiAuth: TestDefinition<SecurityContext> = {
  id: 'security.openapi-auth',
  suite: 'security',
  name: 'API operations require credentials',
  checks:
    'Every operation of the deployment’s OpenAPI document refuses a request without credentials, except an explicit allow-list.',
  how: `GET the OpenAPI document, then send each operation (path parameters filled with a nil-like UUID, {} as the body) with no Authorization header and no cookie; up to ${MAX_OPERATIONS} operations.`,
  passCriterion:
    'Every operation not on the allow-list answers 401 or 403 with an error body; none answers 2xx.',
  covers: ['ASVS 8.2.1', 'ASVS 8.3.1'],
  passive: false,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const docAnswer = await context.http.request(
        { path: context.routes.openapi, maxBytes: MAX_DOCUMENT },
        signal,
      );
      log.add('http-exchange', `GET ${context.routes.openapi} → ${docAnswer.status}`, {
        status: docAnswer.status,
      });
      const all = operationsOf(jsonOf(docAnswer));
      if (docAnswer.status !== 200 || all.length === 0)
        return inconclusive(
          `The OpenAPI document at ${context.routes.openapi} answered ${docAnswer.status} with no operations, so there is nothing to check.`,
          log,
        );
      const checked = all
        .filter((op) => !allowListed(op.key, context.publicOperations))
        .slice(0, MAX_OPERATIONS);
      const accepted: string[] = [];
      const unclear: string[] = [];
      for (const op of checked) {
        const a = await context.http.request(
          {
            method: op.method,
            path: op.path,
            ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} }),
          },
          signal,
        );
        if (a.status >= 200 && a.status < 300) {
          log.exchange(a, `${op.key} answered ${a.status} without credentials`);
          accepted.push(`${op.key} → ${a.status}`);
        } else if (!refused(a)) {
          log.exchange(a, `${op.key} answered ${a.status}: not a clear refusal`);
          unclear.push(`${op.key} → ${a.status}`);
        }
      }
      log.add(
        'note',
        `${all.length} operations, ${all.length - checked.length} allow-listed, ${checked.length} sent`,
        {
          operations: all.length,
          allowListed: all.length - checked.length,
          sent: checked.length,
        },
      );
      const measurements = { operations: checked.length, accepted: accepted.length };
      if (accepted.length)
        return failed(
          `${accepted.length} of ${checked.length} operations answered without credentials: ${accepted.slice(0, 10).join(', ')}.`,
          log,
          'Put the auth guard on these routes (NetGuard: register them in the authenticated scope of app.ts) or, if public by design, add security: [] and the allow-list entry.',
          measurements,
        );
      if (unclear.length)
        return inconclusive(
          `${unclear.length} operations answered neither 2xx nor a 401/403 refusal (${unclear.slice(0, 10).join(', ')}), so whether they check credentials is not known.`,
          log,
        );
      return passed(
        `All ${checked.length} operations outside the allow-list answered 401/403 with an error body.`,
        log,
        measurements,
      );
    });
  },
};
