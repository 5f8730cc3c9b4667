// The Assessment Results document against the rules of usnistgov/OSCAL's
// oscal_assessment-results_schema.json: required fields, allowed fields, and the UUID, token and
// date-time patterns and enums it defines.
import { describe, expect, it } from 'vitest';
import { findingsOf, organization } from '../testing/package-fixture.ts';
import { assessmentResults, controlToken, uuidV5 } from './oscal.ts';

type Obj = Record<string, unknown>;

const UUID =
  /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[45][0-9A-Fa-f]{3}-[89ABab][0-9A-Fa-f]{3}-[0-9A-Fa-f]{12}$/;
const TOKEN = /^(\p{L}|_)(\p{L}|\p{N}|[.\-_])*$/u;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** [required, allowed] keys of each object the document uses, as the schema defines them. */
const SHAPES: Record<string, [string[], string[]]> = {
  'assessment-results': [
    ['uuid', 'metadata', 'import-ap', 'results'],
    ['local-definitions', 'back-matter'],
  ],
  metadata: [
    ['title', 'last-modified', 'version', 'oscal-version'],
    ['published', 'props', 'links', 'roles', 'parties', 'remarks'],
  ],
  'import-ap': [['href'], ['remarks']],
  result: [
    ['uuid', 'title', 'description', 'start', 'reviewed-controls'],
    [
      'end',
      'props',
      'links',
      'local-definitions',
      'attestations',
      'assessment-log',
      'observations',
      'risks',
      'findings',
      'remarks',
    ],
  ],
  'reviewed-controls': [
    ['control-selections'],
    ['description', 'props', 'links', 'control-objective-selections', 'remarks'],
  ],
  observation: [
    ['uuid', 'description', 'methods', 'collected'],
    [
      'title',
      'props',
      'links',
      'types',
      'origins',
      'subjects',
      'relevant-evidence',
      'expires',
      'remarks',
    ],
  ],
  'relevant-evidence': [['description'], ['href', 'props', 'links', 'remarks']],
  finding: [
    ['uuid', 'title', 'description', 'target'],
    [
      'props',
      'links',
      'origins',
      'implementation-statement-uuid',
      'related-observations',
      'related-risks',
      'remarks',
    ],
  ],
  target: [
    ['type', 'target-id', 'status'],
    ['title', 'description', 'props', 'links', 'implementation-status', 'remarks'],
  ],
  status: [['state'], ['reason', 'remarks']],
  prop: [
    ['name', 'value'],
    ['uuid', 'ns', 'class', 'group', 'remarks'],
  ],
  resource: [
    ['uuid'],
    ['title', 'description', 'props', 'document-ids', 'citation', 'rlinks', 'base64', 'remarks'],
  ],
};

function shapeErrors(kind: string, o: unknown, at: string): string[] {
  const [required, optional] = SHAPES[kind]!;
  if (!o || typeof o !== 'object') return [`${at}: not an object`];
  const keys = Object.keys(o);
  return [
    ...required.filter((k) => !keys.includes(k)).map((k) => `${at}: missing ${k}`),
    ...keys
      .filter((k) => !required.includes(k) && !optional.includes(k))
      .map((k) => `${at}: ${k} is not allowed`),
  ];
}

function validate(doc: Obj): string[] {
  const errors: string[] = [];
  const check = (ok: boolean, what: string) => ok || errors.push(what);
  const ar = doc['assessment-results'] as Obj;
  check(Object.keys(doc).length === 1, 'one root property');
  errors.push(...shapeErrors('assessment-results', ar, 'assessment-results'));
  errors.push(
    ...shapeErrors('metadata', ar.metadata, 'metadata'),
    ...shapeErrors('import-ap', ar['import-ap'], 'import-ap'),
  );
  check(UUID.test(ar.uuid as string), 'root uuid');
  check(DATE_TIME.test((ar.metadata as Obj)['last-modified'] as string), 'last-modified');
  for (const r of (ar['back-matter'] as { resources: Obj[] }).resources)
    errors.push(...shapeErrors('resource', r, 'resource'));
  const results = ar.results as Obj[];
  check(results.length >= 1, 'results minItems 1');
  for (const r of results) {
    errors.push(
      ...shapeErrors('result', r, 'result'),
      ...shapeErrors('reviewed-controls', r['reviewed-controls'], 'reviewed-controls'),
    );
    check(
      UUID.test(r.uuid as string) && DATE_TIME.test(r.start as string),
      'result uuid and start',
    );
    const reviewed = r['reviewed-controls'] as { 'control-selections'?: Obj[] } | undefined;
    const selections = reviewed?.['control-selections'] ?? [];
    check(selections.length >= 1, 'control-selections minItems 1');
    for (const s of selections)
      for (const c of (s['include-controls'] as Obj[]) ?? [])
        check(TOKEN.test(c['control-id'] as string), `control-id ${c['control-id']}`);
    const observations = new Set<string>();
    for (const o of (r.observations as Obj[]) ?? []) {
      errors.push(...shapeErrors('observation', o, `observation ${o.uuid}`));
      observations.add(o.uuid as string);
      check(UUID.test(o.uuid as string), 'observation uuid');
      check(
        (o.methods as string[]).every((m) =>
          ['EXAMINE', 'INTERVIEW', 'TEST', 'UNKNOWN'].includes(m),
        ),
        'methods',
      );
      check(
        DATE_TIME.test(o.collected as string) && DATE_TIME.test(o.expires as string),
        'collected, expires',
      );
      for (const e of o['relevant-evidence'] as Obj[])
        errors.push(...shapeErrors('relevant-evidence', e, 'relevant-evidence'));
      for (const p of o.props as Obj[]) {
        errors.push(...shapeErrors('prop', p, 'prop'));
        check(TOKEN.test(p.name as string), `prop ${p.name}`);
      }
    }
    for (const f of (r.findings as Obj[]) ?? []) {
      const target = f.target as Obj;
      errors.push(
        ...shapeErrors('finding', f, `finding ${f.title}`),
        ...shapeErrors('target', target, 'target'),
        ...shapeErrors('status', target.status, 'status'),
      );
      check(['statement-id', 'objective-id'].includes(target.type as string), 'target type');
      check(TOKEN.test(target['target-id'] as string), `target-id ${target['target-id']}`);
      const status = target.status as Obj;
      check(
        ['satisfied', 'not-satisfied'].includes(status.state as string) &&
          TOKEN.test(status.reason as string),
        'status',
      );
      for (const rel of (f['related-observations'] as Obj[]) ?? [])
        check(observations.has(rel['observation-uuid'] as string), 'related observation exists');
    }
  }
  return errors;
}

const org = organization();
const doc = assessmentResults({
  organizationId: 'org-acme',
  createdAt: '2026-12-01T12:00:00Z',
  evidence: org.evidence,
  findings: findingsOf(org),
  hrefOf: (item) => `evidence/${item.id}.json`,
}) as Obj;

describe('OSCAL Assessment Results', () => {
  it('has the fields, patterns and enums the assessment-results schema requires', () => {
    expect(validate(doc)).toEqual([]);
  });

  it('is checked by a validator that can fail', () => {
    const broken = structuredClone(doc) as { 'assessment-results': { results: Obj[] } };
    const result = broken['assessment-results'].results[0]!;
    delete result['reviewed-controls'];
    (result.observations as Obj[])[0]!.methods = ['GUESS'];
    (result.findings as Obj[])[0]!.colour = 'red';
    expect(validate(broken as unknown as Obj)).toEqual(
      expect.arrayContaining([
        'result: missing reviewed-controls',
        'methods',
        'finding SOC 2 CC6.1: Logical access security: colour is not allowed',
      ]),
    );
  });

  it('lists the evidence with hashes as observations and requirement statuses as findings', () => {
    const result = (doc['assessment-results'] as { results: Obj[] }).results[0]!;
    const observations = result.observations as Obj[];
    expect(observations).toHaveLength(3);
    expect(observations[0]!['relevant-evidence']).toEqual([
      expect.objectContaining({
        href: 'evidence/ev-1.json',
        description: `SHA-256 ${org.evidence[0]!.contentHash}`,
      }),
    ]);
    const findings = result.findings as {
      target: { 'target-id': string; status: Obj };
      props: Obj[];
    }[];
    expect(findings.map((f) => f.target['target-id'])).toEqual(['soc2_CC6.1', 'iso27001_A.5.18']);
    expect(findings[0]!.target.status).toEqual({ state: 'satisfied', reason: 'compliant' });
    // The access review (ev-2) is partial: A.5.18 is not satisfied.
    expect(findings[1]!.target.status).toEqual({
      state: 'not-satisfied',
      reason: 'partially_compliant',
    });
    expect(findings[1]!.props).toContainEqual(
      expect.objectContaining({ name: 'netguard-status', value: 'partially_compliant' }),
    );
  });

  it('makes version 5 UUIDs and tokens of every kind of requirement id', () => {
    expect(uuidV5('x')).toMatch(UUID);
    expect(uuidV5('x')).toBe(uuidV5('x'));
    for (const [framework, id] of [
      ['hipaa', '164.312(a)(2)(iv)'],
      ['gdpr', 'Art. 32'],
      ['iso27001', '4.1'],
      ['nist', 'PR.AA-03'],
    ] as const)
      expect(controlToken({ framework, id }), id).toMatch(TOKEN);
    expect(controlToken({ framework: 'hipaa', id: '164.312(a)(2)(iv)' })).toBe(
      'hipaa_164.312_a_2_iv',
    );
  });
});
