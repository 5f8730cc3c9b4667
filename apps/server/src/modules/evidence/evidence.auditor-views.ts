// Every compliance read by an auditor is an audited event (issue 34): one data_access security
// event per request, naming who (the event's user), what (the view and what it named) and the
// time-boxed grants it was read under. Admins' and analysts' reads write none (their permission
// checks are logged like every other). The package export writes its own event with the grants.
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { insertSecurityEvent } from '../audit/audit.repo.ts';
import type { AuditorScope } from './evidence.grants.ts';

export const AUDITOR_VIEWS = {
  frameworks: 'compliance frameworks',
  dashboard: 'the compliance dashboard',
  readiness: 'audit readiness',
  evidence_list: 'evidence items',
  evidence_item: 'an evidence item',
  evidence_download: 'an evidence download',
  evidence_validation: 'an evidence validation',
  runs: 'collection runs',
  run: 'a collection run',
  schedules: 'the collection schedule',
  public_key: 'the evidence public key',
  reports: 'compliance reports',
  report_generated: 'a generated compliance report',
  report_download: 'a compliance report download',
  requests: 'evidence requests',
} as const;

export type AuditorView = {
  view: keyof typeof AUDITOR_VIEWS;
  frameworkId?: string | null;
  /** The id of the item, report or run read, when the view names one. */
  target?: string;
  /** How many rows the view answered, for lists. */
  count?: number;
};

/** The grants a scoped auditor read under (for one framework, or all): null without grants. */
export function grantsOf(scope: AuditorScope, frameworkId?: string | null) {
  if (!scope) return null;
  return scope.periods
    .filter((p) => !frameworkId || p.frameworkId === frameworkId)
    .map((p) => ({
      id: p.grantId,
      frameworkId: p.frameworkId,
      periodStart: p.start.toISOString(),
      periodEnd: p.end.toISOString(),
      expiresAt: p.expiresAt.toISOString(),
    }));
}

/** Writes the auditor's view event; nothing for any other role. */
export async function recordAuditorView(
  db: Executor,
  request: FastifyRequest,
  scope: AuditorScope,
  what: AuditorView,
) {
  const auth = caller(request);
  if (auth.role !== 'auditor') return;
  const grants = grantsOf(scope, what.frameworkId);
  const framework = what.frameworkId ? ` (${what.frameworkId})` : '';
  await insertSecurityEvent(
    db,
    {
      userId: auth.userId,
      organizationId: auth.organizationId,
      eventType: 'data_access',
      severity: 'low',
      description: `Auditor viewed ${AUDITOR_VIEWS[what.view]}${framework}${grants ? ' under a time-boxed grant' : ''}`,
      metadata: {
        action: 'compliance_auditor_view',
        view: what.view,
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
        frameworkId: what.frameworkId ?? null,
        target: what.target ?? null,
        count: what.count ?? null,
        via: auth.apiKeyId !== undefined ? 'api_key' : 'session',
        grants,
      },
    },
    requestMeta(request),
  );
}
