import type { TRiskAssessment } from '@netguard/contracts';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { createdAt, id, tstz } from './columns.ts';
import { vulnerabilities } from './security.ts';

export const assetKindEnum = pgEnum('asset_kind', ['host', 'tag']);

/** What an organization says about a host or a tag of hosts: criticality, mission, owner. */
export const assetContexts = pgTable(
  'asset_contexts',
  {
    id: id(),
    organizationId: orgRef(),
    kind: assetKindEnum('kind').notNull(),
    /** A host address or name (kind host), or a tag name (kind tag). */
    target: text('target').notNull(),
    criticality: text('criticality').notNull(),
    missionPrevalence: text('mission_prevalence').notNull(),
    publicWellbeing: text('public_wellbeing').notNull(),
    /** Overrides the exposure NetGuard infers from the address; null: inferred. */
    exposure: text('exposure'),
    owner: text('owner'),
    /** Tags of a host (kind host): tag contexts apply to it where its own fields are unset. */
    tags: text('tags').array().notNull().default([]),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('asset_contexts_org_kind_target_uq').on(t.organizationId, t.kind, t.target)],
);

/** The current assessment of a vulnerability, with every input it was computed from. */
export const vulnerabilityAssessments = pgTable(
  'vulnerability_assessments',
  {
    vulnerabilityId: uuid('vulnerability_id')
      .primaryKey()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    riskScore: doublePrecision('risk_score').notNull(),
    riskLevel: text('risk_level').notNull(),
    confidence: doublePrecision('confidence').notNull(),
    coordinator: text('ssvc_coordinator'),
    deployer: text('ssvc_deployer'),
    /** The whole assessment as the API returns it (contracts ZRiskAssessment). */
    assessment: jsonb('assessment').$type<TRiskAssessment>().notNull(),
    computedAt: tstz('computed_at').notNull().defaultNow(),
  },
  (t) => [index('vulnerability_assessments_org_idx').on(t.organizationId, t.riskScore)],
);

/** Summed risk of an organization at a moment: the Trend Analysis series. */
export const riskSnapshots = pgTable(
  'risk_snapshots',
  {
    id: id(),
    organizationId: orgRef(),
    takenAt: tstz('taken_at').notNull().defaultNow(),
    totalRisk: doublePrecision('total_risk').notNull(),
    openVulnerabilities: integer('open_vulnerabilities').notNull(),
  },
  (t) => [index('risk_snapshots_org_taken_idx').on(t.organizationId, t.takenAt)],
);

/** What happened to a vulnerability and why: detection, re-evaluation after a feed, edits. */
export const vulnerabilityEvents = pgTable(
  'vulnerability_events',
  {
    id: id(),
    vulnerabilityId: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    organizationId: orgRef(),
    /** detected, reopened, fixed, reevaluated, priority_changed, confidence_changed... */
    kind: text('kind').notNull(),
    /** In words: "KEV entry added on 2024-07-10: priority immediate (was urgent)". */
    summary: text('summary').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('vulnerability_events_vuln_idx').on(t.vulnerabilityId, t.createdAt)],
);
