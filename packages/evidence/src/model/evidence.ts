// An evidence item: one fact about the organisation, when it was true, where it came from, how
// long it stays good, and the hash of its canonical content.
import { canonicalSha256 } from '../canonical/hash.ts';
import type { JsonValue } from '../canonical/jcs.ts';
import type { RequirementRef } from '../frameworks/mappings.ts';

/** What the evidence shows about the requirements it serves. */
export type EvidenceOutcome = 'satisfied' | 'partial' | 'not_satisfied';

export type EvidenceSource =
  /** A NetGuard collector over its own data, by id and version. */
  | { kind: 'collector'; id: string; version: string }
  /** A cloud posture check run through a cloud connection. */
  | { kind: 'cloud'; id: string; version: string; connection: string }
  /** A file a member uploaded (policies, screenshots). */
  | { kind: 'upload'; uploadedBy: string };

export type EvidenceAttachment = { name: string; mediaType: string; size: number; sha256: string };

export type EvidenceItem = {
  id: string;
  /** For example scan_result, mfa_coverage, policy_document, screenshot. */
  type: string;
  title: string;
  description?: string;
  requirements: RequirementRef[];
  source: EvidenceSource;
  outcome: EvidenceOutcome;
  /** When the fact was true (a scan's end, a policy's approval date), not when it was stored. */
  observedAt: string;
  /** When NetGuard collected it, or (uploads) when it was uploaded. */
  collectedAt: string;
  /** The validity window: observedAt up to (not including) expiresAt. */
  expiresAt: string;
  /** Uploads wait for a reviewer; collected evidence needs none. */
  review: { required: boolean; reviewedAt?: string; reviewedBy?: string };
  metadata: { [key: string]: JsonValue };
  attachments: EvidenceAttachment[];
  /** SHA-256 of contentOf(item), hex. */
  contentHash: string;
};

/**
 * What the content hash covers: the fact and its provenance. Storage times (collectedAt),
 * review state and the hash itself are left out, so reviewing or re-storing an item keeps its hash.
 */
export function contentOf(item: Omit<EvidenceItem, 'contentHash'>): JsonValue {
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    description: item.description ?? null,
    requirements: item.requirements.map((r) => ({ framework: r.framework, id: r.id })),
    source: { ...item.source },
    outcome: item.outcome,
    observedAt: item.observedAt,
    expiresAt: item.expiresAt,
    metadata: item.metadata,
    attachments: item.attachments.map((a) => ({ ...a })),
  };
}

/** The item with its content hash filled in. */
export function sealEvidence(item: Omit<EvidenceItem, 'contentHash'>): EvidenceItem {
  return { ...item, contentHash: canonicalSha256(contentOf(item)) };
}

/** True when the stored hash still matches the item's content. */
export function hashMatches(item: EvidenceItem): boolean {
  const { contentHash, ...rest } = item;
  return canonicalSha256(contentOf(rest)) === contentHash;
}
