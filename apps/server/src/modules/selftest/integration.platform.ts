// Integration tests of the platform's own parts: database, job queue, realtime, mail, billing and
// the settings backup and restore.
import type { TestDefinition } from '@netguard/selftest';
import type { RoundTrip, SystemContext } from './probes.ts';
import { failed, passed, probeThen } from './verdicts.ts';

type Test = TestDefinition<SystemContext>;

const JOB_ROUND_TRIP_MAX_MS = 10_000;
const REALTIME_ROUND_TRIP_MAX_MS = 5_000;

export const databaseTest: Test = {
  id: 'integration.database',
  suite: 'integration',
  name: 'Database reachable, migrations current',
  checks: 'PostgreSQL answers and the newest applied migration is the newest the code ships.',
  how: 'Runs a query, reads drizzle’s migration table and compares it with the committed journal.',
  passCriterion: 'The database answers and the applied migration equals the code’s.',
  covers: ['ASVS 13.1.1'],
  passive: true,
  thresholds: [{ metric: 'latency', unit: 'ms', max: 1_000 }],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.database(signal),
      (db) => {
        const evidence = [
          {
            kind: 'measurement',
            summary: `Applied ${db.appliedMigration ?? 'none'}, code ${db.codeMigration}`,
            data: { ...db },
          },
        ];
        const measurements = { latency: db.latencyMs };
        if (db.appliedMigration !== db.codeMigration)
          return failed(
            `The database is at migration ${db.appliedMigration ?? 'none'} while the code ships ${db.codeMigration}.`,
            'Restart the server so it applies its migrations (they run at start), or run the release that matches the database.',
            evidence,
            { measurements },
          );
        if (db.latencyMs > 1_000)
          return failed(
            `The database answered in ${Math.round(db.latencyMs)} ms, above 1000 ms.`,
            'Check the database host’s load and the network between the server and PostgreSQL.',
            evidence,
            { measurements },
          );
        return passed(
          `The database answered in ${Math.round(db.latencyMs)} ms at migration ${db.codeMigration}, the code’s.`,
          evidence,
          { measurements },
        );
      },
    ),
};

/** A round trip judged on delivery within `maxMs`; the words say what travelled where. */
function judgeRoundTrip(
  trip: RoundTrip,
  maxMs: number,
  words: { missed: string; arrived: string; recommendation: string },
) {
  const evidence = [{ kind: 'measurement', summary: trip.detail, data: { ...trip } }];
  const measurements = { roundTrip: trip.ms };
  if (!trip.delivered || trip.ms > maxMs)
    return failed(
      `${words.missed} within ${maxMs} ms (${trip.detail}).`,
      words.recommendation,
      evidence,
      {
        measurements,
      },
    );
  return passed(`${words.arrived} in ${Math.round(trip.ms)} ms.`, evidence, { measurements });
}

export const jobQueueTest: Test = {
  id: 'integration.job-queue',
  suite: 'integration',
  name: 'Job queue round trip through a worker',
  checks: 'A job sent to pg-boss is picked up and completed by a running worker.',
  how: 'Sends an echo job and waits for a worker to complete it with its worker id.',
  passCriterion: `A worker completes the job within ${JOB_ROUND_TRIP_MAX_MS} ms.`,
  covers: ['ASVS 13.2.1'],
  passive: true,
  thresholds: [{ metric: 'roundTrip', unit: 'ms', max: JOB_ROUND_TRIP_MAX_MS }],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.jobRoundTrip(signal),
      (trip) =>
        judgeRoundTrip(trip, JOB_ROUND_TRIP_MAX_MS, {
          missed: 'No worker completed the echo job',
          arrived: 'A worker completed the job',
          recommendation:
            'Start a worker: `netguard worker`, or the API process with its built-in workers; check its log for queue errors.',
        }),
    ),
};

export const realtimeTest: Test = {
  id: 'integration.realtime',
  suite: 'integration',
  name: 'Realtime round trip (NOTIFY to a socket)',
  checks:
    'A row change announced with NOTIFY reaches a subscribed WebSocket of the canary organization.',
  how: 'Opens /api/realtime as a canary user, subscribes, changes a canary row and waits for its message.',
  passCriterion: `The socket receives the change within ${REALTIME_ROUND_TRIP_MAX_MS} ms.`,
  covers: ['ASVS 13.2.1'],
  passive: false,
  thresholds: [{ metric: 'roundTrip', unit: 'ms', max: REALTIME_ROUND_TRIP_MAX_MS }],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.realtimeRoundTrip(signal),
      (trip) =>
        judgeRoundTrip(trip, REALTIME_ROUND_TRIP_MAX_MS, {
          missed: 'The socket did not receive the change',
          arrived: 'The socket received the change',
          recommendation:
            'Check that the API process LISTENs on netguard_realtime (its log says "LISTEN connection lost" otherwise) and that proxies pass WebSocket upgrades.',
        }),
    ),
};

export const mailTest: Test = {
  id: 'integration.mail',
  suite: 'integration',
  name: 'Mail transport',
  checks:
    'With SMTP_URL the SMTP server accepts the connection; without it the outbox keeps messages.',
  how: 'Verifies the SMTP connection (EHLO and authentication), or writes and reads back an outbox row.',
  passCriterion: 'The transport answers: SMTP verified, or the outbox row written and read back.',
  covers: ['ASVS 13.2.1'],
  passive: true,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.mail(signal),
      (mail) => {
        const evidence = [{ kind: 'note', summary: mail.detail, data: { ...mail } }];
        if (!mail.ok)
          return failed(
            `The ${mail.transport} transport did not answer: ${mail.detail}.`,
            mail.transport === 'smtp'
              ? 'Check SMTP_URL (host, port, credentials) and that the mail server accepts this host.'
              : 'Check the database grants of the mail_outbox table.',
            evidence,
          );
        return passed(`The ${mail.transport} transport answered: ${mail.detail}.`, evidence);
      },
    ),
};

export const billingTest: Test = {
  id: 'integration.billing',
  suite: 'integration',
  name: 'Billing provider and signed webhooks',
  checks: 'The billing provider accepts a correctly signed webhook and refuses a forged one.',
  how: 'Signs a test event with the configured webhook secret (Stripe) or the local provider, then with a wrong key.',
  passCriterion: 'The signed event is accepted and the forged one refused.',
  covers: ['ASVS 10.3.1'],
  passive: true,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.billing(signal),
      (billing) => {
        const evidence = [{ kind: 'note', summary: billing.detail, data: { ...billing } }];
        if (!billing.forgedRefused)
          return failed(
            `The ${billing.provider} provider accepted a webhook with a wrong signature.`,
            'Set STRIPE_WEBHOOK_SECRET to the endpoint’s signing secret; never accept unsigned events.',
            evidence,
          );
        if (!billing.signedAccepted)
          return failed(
            `The ${billing.provider} provider refused a correctly signed webhook (${billing.detail}).`,
            'Check that STRIPE_WEBHOOK_SECRET matches the secret of the webhook endpoint in Stripe.',
            evidence,
          );
        return passed(
          `The ${billing.provider} provider accepted the signed event and refused the forged one.`,
          evidence,
        );
      },
    ),
};

export const settingsBackupTest: Test = {
  id: 'integration.settings-backup',
  suite: 'integration',
  name: 'Backup and restore of a settings row',
  checks:
    'A canary organization’s settings row survives a backup, a change and a restore unchanged.',
  how: 'Dumps the canary settings row, changes it, restores the dump and compares field by field.',
  passCriterion: 'The restored row equals the backed-up row and differs from the changed one.',
  covers: ['ASVS 14.2.2'],
  passive: false,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.settingsBackupRestore(signal),
      (trip) => {
        const evidence = [
          { kind: 'note', summary: 'Settings row before, changed, restored', data: { ...trip } },
        ];
        const same = JSON.stringify(trip.restored) === JSON.stringify(trip.before);
        const changed = JSON.stringify(trip.changed) !== JSON.stringify(trip.before);
        if (!changed)
          return failed(
            'The change between backup and restore did not take, so the restore proves nothing.',
            'Check the organization_settings grants of the application role.',
            evidence,
          );
        if (!same)
          return failed(
            'The restored settings row differs from the backed-up one.',
            'Check the backup format (netguard backup) round-trips organization_settings columns.',
            evidence,
          );
        return passed('The restored row equals the backup and differs from the change.', evidence);
      },
    ),
};
