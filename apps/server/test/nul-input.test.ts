import { TEXT_MESSAGES } from '@netguard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

/**
 * Every string input of every route in the OpenAPI document, sent with a NUL character (which
 * PostgreSQL text cannot hold): always a 400 that names the field, never a 500.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
};
type Parameter = { name: string; in: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** One request that puts a NUL in one input: `field` is the path its error must name. */
type Probe = {
  /** `METHOD /api/path/{param} input`. */
  name: string;
  method: string;
  url: string;
  payload?: unknown;
  field: string;
  /** A free-text string: the NUL is the only thing wrong with it, so the message must say so. */
  freeText: boolean;
};

const NUL_TEXT = 'ab\u0000cd';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Not an enum, a constant or a format (uuid, date...): text built with the contracts' textField. */
const isFreeText = (s: JsonSchema) => s.enum === undefined && s.const === undefined && !s.format;

/** A path value its route accepts: the first value of an enum parameter, else an id. */
function validPathValue(params: Parameter[], name: string): string {
  const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema as
    | { enum?: string[] }
    | undefined;
  return schema?.enum?.[0] ?? SOME_ID;
}

type Leaf = { path: (string | number)[]; body: unknown; freeText: boolean };

/**
 * The string leaves of a body schema, each with a body that holds NUL_TEXT there and nothing
 * else but the constants of the objects on the way (a discriminated union's tag).
 */
function stringLeaves(
  doc: OpenApi,
  schema: JsonSchema,
  path: (string | number)[] = [],
  wrap: (value: unknown) => unknown = (value) => value,
): Leaf[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return stringLeaves(doc, doc.components?.schemas?.[name] ?? {}, path, wrap);
  }
  // A discriminated union (oneOf) reports the issues of the branch its tag names; a plain union
  // (anyOf, nullable included) those of its first branch.
  if (schema.oneOf) return schema.oneOf.flatMap((option) => stringLeaves(doc, option, path, wrap));
  const first = schema.anyOf?.find((option) => option.type !== 'null');
  if (first) return stringLeaves(doc, first, path, wrap);
  const types = [schema.type].flat();
  if (schema.properties) {
    const constants = Object.fromEntries(
      Object.entries(schema.properties).flatMap(([key, value]) => {
        const only = value.const ?? (value.enum?.length === 1 ? value.enum[0] : undefined);
        return only === undefined ? [] : [[key, only]];
      }),
    );
    return Object.entries(schema.properties).flatMap(([key, value]) =>
      key in constants
        ? []
        : stringLeaves(doc, value, [...path, key], (inner) => wrap({ ...constants, [key]: inner })),
    );
  }
  if (types.includes('array') && schema.items) {
    return stringLeaves(doc, schema.items, [...path, 0], (inner) => wrap([inner]));
  }
  if (types.includes('string'))
    return [{ path, body: wrap(NUL_TEXT), freeText: isFreeText(schema) }];
  return [];
}

function probesOf(doc: OpenApi): Probe[] {
  const probes: Probe[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const params = operation.parameters ?? [];
      const url = (nulIn?: string) =>
        template.replace(/\{(\w+)\}/g, (_, name) =>
          name === nulIn ? 'ab%00cd' : validPathValue(params, name),
        );
      const name = (input: string) => `${method.toUpperCase()} ${template} ${input}`;
      for (const param of params) {
        const freeText = param.schema?.type === 'string' && isFreeText(param.schema);
        if (param.in === 'path') {
          probes.push({
            name: name(`path ${param.name}`),
            method,
            url: url(param.name),
            field: param.name,
            freeText,
          });
        }
        if (param.in === 'query') {
          probes.push({
            name: name(`query ${param.name}`),
            method,
            url: `${url()}?${param.name}=ab%00cd`,
            field: param.name,
            freeText,
          });
        }
      }
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      for (const leaf of schema ? stringLeaves(doc, schema) : []) {
        const field = leaf.path.join('.');
        probes.push({
          name: name(`body ${field}`),
          method,
          url: url(),
          payload: leaf.body,
          field,
          freeText: leaf.freeText,
        });
      }
    }
  }
  return probes;
}

let ctx: TestContext;
let account: Account;
let probes: Probe[];
beforeAll(async () => {
  ctx = await createTestApp();
  // On Enterprise: every route of the plan matrix reaches its validation.
  account = await createAccount(ctx, 'nul@example.com', 'Enterprise');
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
  probes = probesOf(doc);
});
afterAll(() => ctx.close());

describe('a NUL character in any text input', () => {
  it('is refused with 400 naming the field, on every route of the OpenAPI document', {
    timeout: 120_000,
  }, async () => {
    // The document lists the inputs the issue found (and every other one).
    expect(probes.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'POST /api/api-keys body name',
        'PATCH /api/profile body company_name',
        'GET /api/reports query search',
        'GET /api/vulnerabilities query search',
        'GET /api/vulnerabilities/export query search',
        'POST /api/packets/captures query name',
        'POST /api/scans/import body xml',
      ]),
    );
    const failures: string[] = [];
    for (const probe of probes) {
      const res = await ctx.app
        .inject({
          method: probe.method.toUpperCase() as 'GET',
          url: probe.url,
          headers: account.auth,
          ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
        })
        .catch((error: Error) => error);
      if (res instanceof Error) {
        failures.push(`${probe.name}: ${res.message}`);
        continue;
      }
      const label = probe.name;
      if (res.statusCode !== 400) {
        failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        continue;
      }
      const issues: { path: string; message: string }[] = res.json().error.details ?? [];
      const mine = issues.filter((i) => i.path === probe.field);
      const named = probe.freeText
        ? mine.some((i) => i.message === TEXT_MESSAGES.nul)
        : mine.length > 0;
      if (!named)
        failures.push(`${label}: 400 without the field's issue ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(probes.length).toBeGreaterThan(40);
  });
});
