// An OSCAL 1.1 Assessment Results document (usnistgov/OSCAL, oscal_assessment-results_schema):
// observations are the evidence items with their hashes, findings are the requirements' statuses.
// UUIDs are version 5 (name-based), so the same package content gives the same document.
import { createHash } from 'node:crypto';
import type { JsonValue } from '../canonical/jcs.ts';
import { findFramework, findRequirement } from '../frameworks/index.ts';
import type { RequirementRef } from '../frameworks/mappings.ts';
import type { EvidenceItem } from '../model/evidence.ts';
import type { RequirementAssessment } from '../model/status.ts';

export const OSCAL_VERSION = '1.1.2';
/** The namespace of NetGuard's own OSCAL property names. */
export const NETGUARD_NS = 'https://netguard.dev/ns/oscal';
const UUID_NAMESPACE = Buffer.from('6f1b7a52c3d94e0a8b2f5d6c7e8f9a01', 'hex');

/** RFC 4122 version 5 UUID of `name` in NetGuard's namespace. */
export function uuidV5(name: string): string {
  const h = createHash('sha1').update(UUID_NAMESPACE).update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The requirement as an OSCAL token (letters, digits, `.`, `-`, `_`): `hipaa_164.312_a_1`. */
export function controlToken(ref: RequirementRef): string {
  return `${ref.framework}_${ref.id.replace(/[^A-Za-z0-9.\-_]+/g, '_').replace(/^_+|_+$/g, '')}`;
}

export type RequirementFinding = { requirement: RequirementRef; assessment: RequirementAssessment };

const prop = (name: string, value: string) => ({ name, ns: NETGUARD_NS, value });

function observation(item: EvidenceItem, href: string): JsonValue {
  return {
    uuid: uuidV5(`observation:${item.id}:${item.contentHash}`),
    title: item.title,
    description: item.description ?? item.title,
    props: [
      prop('evidence-type', item.type),
      prop('content-sha256', item.contentHash),
      prop('observed-at', item.observedAt),
      prop(
        'source',
        item.source.kind === 'upload' ? 'upload' : `${item.source.id}@${item.source.version}`,
      ),
    ],
    methods: [item.source.kind === 'upload' ? 'EXAMINE' : 'TEST'],
    collected: item.collectedAt,
    expires: item.expiresAt,
    'relevant-evidence': [
      {
        href,
        description: `SHA-256 ${item.contentHash}`,
        props: [prop('sha256', item.contentHash)],
      },
    ],
  };
}

function finding(f: RequirementFinding, observationOf: Map<string, string>): JsonValue {
  const { requirement: ref, assessment } = f;
  const title = findRequirement(ref.framework, ref.id)?.title ?? ref.id;
  const related = assessment.evidence.flatMap((id) => {
    const uuid = observationOf.get(id);
    return uuid ? [{ 'observation-uuid': uuid }] : [];
  });
  return {
    uuid: uuidV5(`finding:${ref.framework}:${ref.id}`),
    title: `${findFramework(ref.framework)?.name ?? ref.framework} ${ref.id}: ${title}`,
    description: assessment.reason,
    props: [
      prop('framework', ref.framework),
      prop('requirement-id', ref.id),
      prop('netguard-status', assessment.status),
    ],
    target: {
      type: 'objective-id',
      'target-id': controlToken(ref),
      status: {
        state: assessment.status === 'compliant' ? 'satisfied' : 'not-satisfied',
        reason: assessment.status,
      },
    },
    ...(related.length ? { 'related-observations': related } : {}),
  };
}

/** The Assessment Results document for a package. `hrefOf` gives each item's path in the package. */
export function assessmentResults(input: {
  organizationId: string;
  createdAt: string;
  evidence: EvidenceItem[];
  findings: RequirementFinding[];
  hrefOf: (item: EvidenceItem) => string;
}): JsonValue {
  const { evidence, findings, createdAt } = input;
  const observations = evidence.map((item) => observation(item, input.hrefOf(item)));
  const observationOf = new Map(
    evidence.map((item, i) => [item.id, (observations[i] as { uuid: string }).uuid]),
  );
  const times = evidence.map((i) => i.observedAt).sort();
  const planUuid = uuidV5(`assessment-plan:${input.organizationId}`);
  const controls = findings.map((f) => ({ 'control-id': controlToken(f.requirement) }));
  return {
    'assessment-results': {
      uuid: uuidV5(`assessment-results:${input.organizationId}:${createdAt}`),
      metadata: {
        title: `NetGuard evidence package for ${input.organizationId}`,
        'last-modified': createdAt,
        version: createdAt,
        'oscal-version': OSCAL_VERSION,
      },
      'import-ap': { href: `#${planUuid}` },
      results: [
        {
          uuid: uuidV5(`result:${input.organizationId}:${createdAt}`),
          title: 'Evidence collected by NetGuard',
          description: 'Requirement statuses derived from the evidence in this package.',
          start: times[0] ?? createdAt,
          end: createdAt,
          'reviewed-controls': {
            'control-selections': [
              controls.length ? { 'include-controls': controls } : { 'include-all': {} },
            ],
          },
          ...(observations.length ? { observations } : {}),
          ...(findings.length ? { findings: findings.map((f) => finding(f, observationOf)) } : {}),
        },
      ],
      'back-matter': {
        resources: [
          {
            uuid: planUuid,
            title: 'Assessment plan',
            description:
              'NetGuard collects evidence continuously; the plan is its collection schedule.',
          },
        ],
      },
    },
  };
}
