import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { id, tstz } from './columns.ts';

/**
 * One self-test suite execution (spec part 2 §3: id, suiteId, startTime, endTime, status,
 * passRate, totalTests, passedTests, failedTests, skippedTests), plus the inconclusive count, the
 * live progress and step, and each test's result with its state, duration and evidence.
 */
export const selftestExecutions = pgTable(
  'selftest_executions',
  {
    id: id(),
    organizationId: orgRef(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    suiteId: text('suite_id').notNull(),
    status: text('status').notNull().default('running'),
    progress: integer('progress').notNull().default(0),
    step: text('step').notNull().default('Queued'),
    startTime: tstz('start_time').notNull().defaultNow(),
    endTime: tstz('end_time'),
    passRate: doublePrecision('pass_rate'),
    totalTests: integer('total_tests').notNull().default(0),
    passedTests: integer('passed_tests').notNull().default(0),
    failedTests: integer('failed_tests').notNull().default(0),
    skippedTests: integer('skipped_tests').notNull().default(0),
    inconclusiveTests: integer('inconclusive_tests').notNull().default(0),
    /** TestResult[] of @netguard/selftest, in suite order. */
    results: jsonb('results').notNull().default([]),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    error: text('error'),
    /** Whether the run's canary organization was removed afterwards. */
    canaryRemoved: boolean('canary_removed'),
    /** TSelftestScores of @netguard/contracts: set when a run holding the security suite ends. */
    scores: jsonb('scores'),
  },
  (t) => [
    check('selftest_status', sql`${t.status} in ('running', 'completed', 'failed', 'cancelled')`),
    check('selftest_progress_range', sql`${t.progress} between 0 and 100`),
    index('selftest_org_suite_start_idx').on(t.organizationId, t.suiteId, t.startTime),
  ],
);
