// Validates SARIF logs against the SARIF 2.1.0 schema in the tests (the engine's and the cloud
// package's writers).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The SARIF 2.1.0 schema as Microsoft's SARIF SDK ships it (schemastore's sarif-2.1.0-rtm.5, the
 * final 2.1.0 schema). It declares draft-04 but uses no keyword whose meaning draft-07 changed,
 * except the root `id`, which draft-07 calls `$id`.
 */
export function sarifValidator() {
  const path = createRequire(import.meta.url).resolve(
    '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json',
  );
  const { $schema: _draft04, id, ...schema } = JSON.parse(readFileSync(path, 'utf8'));
  // Patterns as ECMA-262 without the u flag: the schema's `language` pattern has a stray `]`,
  // a literal there but a syntax error in unicode mode.
  const ajv = new Ajv({ allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...schema, $id: id });
}
