// Self-test executions for the caller's organization: start one (a durable job, enqueued after
// the row is written), read, cancel, history of the last 10 per suite, store and report.
import {
  SELFTEST_TEXT,
  type TExecuteTestBody,
  type TGenerateTestReportBody,
  type TSelftestRunKind,
} from '@netguard/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyRealtime } from '../../realtime/notify.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { definitionsById, KIND_TITLES, suiteCatalog, testsOf } from './selftest.catalog.ts';
import type { SelftestQueue } from './selftest.jobs.ts';
import * as repo from './selftest.repo.ts';
import { renderTestReport } from './selftest.report.ts';
import { toExecution } from './selftest.view.ts';

const notFound = () => new AppError('not_found', 404, SELFTEST_TEXT.notFound);

export function createSelftestService({
  db,
  queue,
}: {
  db: Executor;
  queue: Pick<SelftestQueue, 'send'>;
}) {
  const view = (row: repo.ExecutionRow) => toExecution(row, definitionsById());
  const found = async (auth: AuthContext, id: string) => {
    const row = await repo.findExecution(db, auth.organizationId, id);
    if (!row) throw notFound();
    return row;
  };
  const audit = (auth: AuthContext, action: string, id: string, meta: RequestMeta) =>
    insertAuditLog(
      db,
      {
        userId: auth.userId,
        organizationId: auth.organizationId,
        action,
        resourceType: 'selftest_execution',
        resourceId: id,
      },
      meta,
    );

  return {
    suites: () => ({ suites: suiteCatalog() }),

    async execute(
      auth: AuthContext,
      kind: TSelftestRunKind,
      body: TExecuteTestBody,
      meta: RequestMeta,
    ) {
      const tests = testsOf(kind);
      if (!tests)
        throw new AppError('conflict', 409, SELFTEST_TEXT.suiteUnavailable(KIND_TITLES[kind]));
      const chosen = body.testCase ? tests.filter((t) => t.id === body.testCase) : tests;
      if (body.testCase && chosen.length === 0)
        throw new AppError('bad_request', 400, SELFTEST_TEXT.unknownTest(body.testCase));
      if (await repo.runningExecution(db, auth.organizationId, kind))
        throw new AppError('conflict', 409, SELFTEST_TEXT.alreadyRunning(KIND_TITLES[kind]));
      const row = await repo.insertExecution(db, {
        organizationId: auth.organizationId,
        userId: auth.userId,
        suiteId: kind,
        results: chosen.map((t) => ({ testId: t.id, state: 'pending' })),
      });
      await audit(auth, 'selftest.run', row.id, meta);
      await queue.send(row.id);
      await notifyRealtime(db, {
        table: 'selftest_executions',
        event: 'INSERT',
        id: row.id,
        organization_id: auth.organizationId,
      });
      return view(row);
    },

    get: async (auth: AuthContext, id: string) => view(await found(auth, id)),

    async history(auth: AuthContext, suite?: TSelftestRunKind) {
      const rows = await repo.listHistory(db, auth.organizationId, suite);
      return { executions: rows.map(view) };
    },

    async cancel(auth: AuthContext, id: string, meta: RequestMeta) {
      await found(auth, id);
      const row = await repo.requestCancel(db, auth.organizationId, id);
      if (!row) throw new AppError('conflict', 409, SELFTEST_TEXT.notRunning);
      await audit(auth, 'selftest.cancel', id, meta);
      return view(row);
    },

    /** store-test-results: the server stored them from its own run; the caller confirms which. */
    async store(
      auth: AuthContext,
      body: { execution: string; testSuite: TSelftestRunKind },
      meta: RequestMeta,
    ) {
      const row = await found(auth, body.execution);
      if (row.suiteId !== body.testSuite) throw notFound();
      await audit(auth, 'selftest.store', row.id, meta);
      return view(row);
    },

    async report(auth: AuthContext, body: TGenerateTestReportBody, meta: RequestMeta) {
      const row = await found(auth, body.executionId);
      const file = await renderTestReport(
        view(row),
        body.format,
        KIND_TITLES[row.suiteId as TSelftestRunKind],
      );
      await audit(auth, `selftest.report.${body.format}`, row.id, meta);
      return file;
    },
  };
}

export type SelftestService = ReturnType<typeof createSelftestService>;
