// The SIEM producers, through the real flows: each change writes its events into the outbox
// (siem_events) in its own transaction, and the outbox queues them (siem_deliveries) for the
// integrations whose filters take them.
import type { CheckMeta } from '@netguard/cloud';
import type { SiemEvent } from '@netguard/siem';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import {
  securityEvents,
  securityIncidents,
  siemDeliveries,
  siemEvents,
  siemIntegrations,
  threatMitigationActions,
  vulnerabilities,
} from '../src/db/schema.ts';
import { appendSecurityEvents } from '../src/modules/audit/security-events.ts';
import { evaluateAnomalyRules } from '../src/modules/incidents/anomaly-rules.ts';
import { recordFinding } from '../src/modules/vulnerabilities/vulnerabilities.lifecycle.ts';
import type { Workers } from '../src/workers.ts';
import {
  CHECKS,
  finding as cloudFinding,
  connectAws,
  fakeAws,
  scanAndWait,
  startCloudWorkers,
} from './cloud-helpers.ts';
import { type Account, createAccount, createTestApp, signIn, type TestContext } from './helpers.ts';
import { createScan, getScan, scanAction, startPlainHttp, waitFor } from './scan-helpers.ts';
import { finding, seedScan } from './seed.ts';

// An address of this file's block, so no other test file's services answer here.
const HOST = testResources().host(1);
const PUBLIC = 'aws_s3_bucket_policy_public';
const SSH = 'aws_ec2_sg_open_ssh';

const fake = fakeAws();
// The public-bucket check maps to SOC 2 and HIPAA controls; the SSH one to none.
const checks: CheckMeta[] = CHECKS.map((c) =>
  c.id === PUBLIC
    ? { ...c, frameworks: { ...c.frameworks, soc2: ['CC6.1'], hipaa: ['164.312(a)(1)'] } }
    : c,
);
const scanners = { aws: { ...fake.scanners.aws, checks } };

let ctx: TestContext;
let workers: Workers;
let web: Awaited<ReturnType<typeof startPlainHttp>>;

beforeAll(async () => {
  ctx = await createTestApp({}, { cloudScanners: scanners });
  workers = await startCloudWorkers(ctx, scanners);
  web = await startPlainHttp([18_080, 18_081, 18_082, 18_083], HOST);
});
afterAll(async () => {
  await web?.close();
  await workers?.stop();
  await ctx?.close();
});

type Stored = { id: string; type: string; level: string; event: SiemEvent };

/** The organization's outbox, in order, optionally of one type. */
async function outbox(organizationId: string, type?: string): Promise<Stored[]> {
  return (await ctx.db
    .select({
      id: siemEvents.id,
      type: siemEvents.type,
      level: siemEvents.level,
      event: siemEvents.event,
    })
    .from(siemEvents)
    .where(
      and(
        eq(siemEvents.organizationId, organizationId),
        type ? eq(siemEvents.type, type) : undefined,
      ),
    )
    .orderBy(siemEvents.seq)) as Stored[];
}

const SETTINGS = {
  batchSize: 100,
  retryAttempts: 3,
  timeout: 30,
  enableRealtime: true,
  dataRetention: 90,
  maxAgeHours: 24,
};

/** An integration of the organization, inserted directly (its endpoint never answers). */
async function integration(
  organizationId: string,
  eventTypes: string[],
  enableRealtime = true,
): Promise<string> {
  const [row] = await ctx.db
    .insert(siemIntegrations)
    .values({
      organizationId,
      name: `test ${eventTypes.join(',')} ${enableRealtime}`,
      type: 'splunk',
      endpoint: 'http://127.0.0.1:9/services/collector',
      authType: 'token',
      sealedCredentials: 'not-a-sealed-secret',
      publicCredentials: {},
      options: {},
      settings: { ...SETTINGS, enableRealtime },
      filters: {
        logLevels: ['error', 'warning', 'info'],
        eventTypes,
        sources: ['netguard-scanner'],
      },
    } as typeof siemIntegrations.$inferInsert)
    .returning({ id: siemIntegrations.id });
  if (!row) throw new Error('integration insert returned nothing');
  return row.id;
}

/** The types of the events queued for the integration. */
async function queuedTypes(integrationId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ type: siemEvents.type })
    .from(siemDeliveries)
    .innerJoin(siemEvents, eq(siemEvents.id, siemDeliveries.eventId))
    .where(eq(siemDeliveries.integrationId, integrationId));
  return rows.map((r) => r.type);
}

describe('security events', () => {
  let alice: Account;
  beforeAll(async () => {
    alice = await createAccount(ctx, 'siem-alice@example.com', 'Enterprise');
  });

  it('every security event of the organization but granted permission checks is forwarded; a failed sign-in as a failure, naming the user by e-mail in a sentence', async () => {
    const res = await signIn(ctx, alice.email, 'Wrong!Passw0rd');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const events = await outbox(alice.organizationId, 'security_event');
    const failed = events.find(
      (e) => e.event.category === 'auth_attempt' && e.event.fields.outcome === 'invalid_password',
    );
    expect(failed).toMatchObject({
      level: 'warning',
      event: {
        severity: 'medium',
        title: 'auth_attempt',
        category: 'auth_attempt',
        outcome: 'failure',
        user: alice.email,
        userId: alice.userId,
        sourceIp: '127.0.0.1',
        message: `Wrong password for ${alice.email} from 127.0.0.1`,
        fields: { email: alice.email },
      },
    });
    const signedIn = events.find(
      (e) => e.event.category === 'auth_attempt' && e.event.fields.outcome === 'success',
    );
    expect(signedIn?.event).toMatchObject({
      outcome: 'success',
      user: alice.email,
      userId: alice.userId,
      message: `${alice.email} signed in from 127.0.0.1`,
    });
    // One SIEM event per security event of the organization, each naming its source row.
    await ctx.app.inject({ method: 'GET', url: '/api/siem/integrations', headers: alice.auth });
    await ctx.app.accessEvents.flush();
    const all = await ctx.db
      .select({ id: securityEvents.id, metadata: securityEvents.metadata })
      .from(securityEvents)
      .where(eq(securityEvents.organizationId, alice.organizationId));
    const granted = all.filter((r) => (r.metadata as { granted?: boolean }).granted === true);
    const rows = all.filter((r) => !granted.includes(r));
    expect(granted.length).toBeGreaterThan(0);
    const forwarded = new Set(
      (await outbox(alice.organizationId, 'security_event')).map(
        (e) => e.event.fields.securityEventId,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(forwarded).toContain(row.id);
    for (const row of granted) expect(forwarded).not.toContain(row.id);
    // Each names Alice by e-mail, those whose metadata has none too.
    for (const { event } of await outbox(alice.organizationId, 'security_event'))
      if (event.userId) expect(event.user, event.message).toBe(alice.email);
  });

  it('an event without an organization is not forwarded', async () => {
    const [before] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(siemEvents);
    await appendSecurityEvents(ctx.db, [
      {
        userId: null,
        organizationId: null,
        eventType: 'auth_attempt',
        severity: 'medium',
        description: 'Sign-in failed: unknown_email',
        metadata: { outcome: 'unknown_email' },
        ipAddress: '127.0.0.1',
        userAgent: null,
      },
    ]);
    const [after] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(siemEvents);
    expect(after?.n).toBe(before?.n);
  });

  it('an anomaly incident is forwarded as incident and threat_detected', async () => {
    const bob = await createAccount(ctx, 'siem-bob@example.com', 'Enterprise');
    await evaluateAnomalyRules(ctx.db);
    for (let i = 0; i < 7; i++) await signIn(ctx, bob.email, 'Wrong!Passw0rd');
    expect((await evaluateAnomalyRules(ctx.db)).opened).toBeGreaterThanOrEqual(1);
    const [opened] = await ctx.db
      .select()
      .from(securityIncidents)
      .where(eq(securityIncidents.organizationId, bob.organizationId));
    const incident = await outbox(bob.organizationId, 'incident');
    const threat = await outbox(bob.organizationId, 'threat_detected');
    expect(incident).toHaveLength(1);
    expect(threat).toHaveLength(1);
    for (const e of [...incident, ...threat])
      expect(e.event).toMatchObject({
        severity: opened?.severity,
        title: opened?.title,
        sourceIp: '127.0.0.1',
        fields: { incidentId: opened?.id, rule: 'failed_auth', subject: bob.userId },
      });
    expect(opened?.title).toContain('failed sign-in attempts');
    // A sweep that only attaches more failures opens nothing new and forwards nothing new.
    await signIn(ctx, bob.email, 'Wrong!Passw0rd');
    await evaluateAnomalyRules(ctx.db);
    expect(await outbox(bob.organizationId, 'threat_detected')).toHaveLength(1);
  });
});

describe('scans', () => {
  let owner: Account;
  let onlyCompleted: string;
  let notRealtime: string;
  let scanId: string;

  beforeAll(async () => {
    owner = await createAccount(ctx, 'siem-scans@example.com', 'Enterprise');
    onlyCompleted = await integration(owner.organizationId, ['scan_completed']);
    notRealtime = await integration(
      owner.organizationId,
      ['scan_started', 'scan_completed', 'vulnerability_found', 'security_event'],
      false,
    );
  });

  async function runScan(name: string) {
    const created = await createScan(ctx, owner, {
      scan_name: name,
      scan_type: 'vulnerability',
      target_hosts: [HOST],
      ports: String(web.port),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await scanAction(ctx, owner, id, 'start')).statusCode).toBe(202);
    const done = await waitFor(async () => {
      const scan = (await getScan(ctx, owner, id)).json();
      return ['completed', 'failed'].includes(scan.status) ? scan : null;
    }, 60_000);
    expect(done.status, done.error).toBe('completed');
    return done;
  }

  it('a scan gives scan_started, vulnerability_found per new finding, and scan_completed', async () => {
    const done = await runScan('SIEM scan');
    scanId = done.id;
    const started = await outbox(owner.organizationId, 'scan_started');
    expect(started).toHaveLength(1);
    expect(started[0]?.event).toMatchObject({
      severity: 'info',
      user: owner.email,
      userId: owner.userId,
      fields: { scanId },
    });

    const found = await outbox(owner.organizationId, 'vulnerability_found');
    expect(found.length).toBe(done.vulnerabilities.length);
    const headers = found.find((e) => e.event.title === 'Missing HTTP security headers');
    expect(headers?.event).toMatchObject({
      host: HOST,
      ip: HOST,
      port: web.port,
      protocol: 'tcp',
      fields: { scanId },
    });
    expect(['critical', 'high', 'medium', 'low', 'info']).toContain(headers?.event.severity);
    expect(headers?.event.fields.riskScore).toEqual(expect.any(Number));

    const completed = await outbox(owner.organizationId, 'scan_completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 'info',
      event: {
        severity: 'info',
        fields: {
          scanId,
          hosts: 1,
          openPorts: 1,
          findings: done.vulnerabilities.length,
        },
      },
    });
  });

  it('a second scan re-sights its findings: no new vulnerability_found', async () => {
    const before = (await outbox(owner.organizationId, 'vulnerability_found')).length;
    await runScan('SIEM scan again');
    expect(await outbox(owner.organizationId, 'vulnerability_found')).toHaveLength(before);
    expect(await outbox(owner.organizationId, 'scan_completed')).toHaveLength(2);
  });

  it('queues for an integration only the event types its filters take, none without realtime', async () => {
    const types = await queuedTypes(onlyCompleted);
    expect(types).toEqual(['scan_completed', 'scan_completed']);
    expect(await queuedTypes(notRealtime)).toEqual([]);
    // The organization did produce the other types, which the filter left out.
    expect((await outbox(owner.organizationId, 'scan_started')).length).toBe(2);
    expect((await outbox(owner.organizationId, 'security_event')).length).toBeGreaterThan(0);
  });

  it('completing a mitigation action gives remediation_applied with the vulnerability severity', async () => {
    const [action] = await ctx.db
      .select({
        id: threatMitigationActions.id,
        vulnerabilityId: threatMitigationActions.vulnerabilityId,
        severity: vulnerabilities.severity,
      })
      .from(threatMitigationActions)
      .innerJoin(vulnerabilities, eq(vulnerabilities.id, threatMitigationActions.vulnerabilityId))
      .where(eq(threatMitigationActions.organizationId, owner.organizationId))
      .limit(1);
    expect(action, 'the scan left a mitigation action').toBeDefined();
    if (!action) return;
    const patch = (status: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/mitigation-actions/${action.id}`,
        headers: owner.auth,
        payload: { status },
      });
    expect((await patch('in_progress')).statusCode).toBe(200);
    expect(await outbox(owner.organizationId, 'remediation_applied')).toEqual([]);
    expect((await patch('completed')).statusCode).toBe(200);
    // Completed again: not a second remediation.
    expect((await patch('completed')).statusCode).toBe(200);
    const applied = await outbox(owner.organizationId, 'remediation_applied');
    expect(applied).toHaveLength(1);
    expect(applied[0]?.event).toMatchObject({
      severity: action.severity,
      outcome: 'success',
      user: owner.email,
      userId: owner.userId,
      fields: { actionId: action.id, vulnerabilityId: action.vulnerabilityId },
    });
  });
});

describe('cloud findings', () => {
  it('a new finding is vulnerability_found, and compliance_violation when its check maps to frameworks', async () => {
    const admin = await createAccount(ctx, 'siem-cloud@example.com', 'Enterprise');
    expect((await connectAws(ctx, admin)).statusCode).toBe(201);
    fake.state.findings = [
      cloudFinding(SSH, 'sg-open'),
      cloudFinding(PUBLIC, 'arn:aws:s3:::netguard-logs'),
    ];
    await scanAndWait(ctx, admin);
    const found = await outbox(admin.organizationId, 'vulnerability_found');
    expect(found.map((e) => e.event.host).sort()).toEqual([
      'arn:aws:s3:::netguard-logs',
      'sg-open',
    ]);
    const bucket = found.find((e) => e.event.host === 'arn:aws:s3:::netguard-logs');
    expect(bucket?.event).toMatchObject({
      severity: 'critical',
      title: 'S3 bucket is public',
      category: 'cloud_misconfiguration',
      fields: { checkId: PUBLIC, resource: 'arn:aws:s3:::netguard-logs', provider: 'aws' },
    });
    expect(bucket?.event.ip).toBeUndefined();
    const violations = await outbox(admin.organizationId, 'compliance_violation');
    expect(violations).toHaveLength(1);
    expect(violations[0]?.event).toMatchObject({
      severity: 'critical',
      outcome: 'failure',
      fields: {
        checkId: PUBLIC,
        resource: 'arn:aws:s3:::netguard-logs',
        frameworks: 'soc2,hipaa',
        'framework.soc2': 'CC6.1',
        'framework.hipaa': '164.312(a)(1)',
      },
    });
    // The same findings again: re-sightings, nothing new forwarded.
    await scanAndWait(ctx, admin);
    expect(await outbox(admin.organizationId, 'vulnerability_found')).toHaveLength(2);
    expect(await outbox(admin.organizationId, 'compliance_violation')).toHaveLength(1);
  });
});

describe('transaction coupling', () => {
  it('when the change rolls back after the emit, its SIEM events roll back with it', async () => {
    const carol = await createAccount(ctx, 'siem-carol@example.com', 'Enterprise');
    const scan = await seedScan(ctx, carol, { status: 'completed', type: 'vulnerability' });
    const owner = { scanId: scan.id, userId: carol.userId, organizationId: carol.organizationId };
    const queued = await integration(carol.organizationId, ['vulnerability_found']);
    await expect(
      ctx.db.transaction(async (tx) => {
        const id = await recordFinding(tx, owner, finding({ host: '127.0.0.9' }));
        expect(id).not.toBeNull();
        // Inside the transaction the event is there (and queued)…
        const inside = await tx
          .select({ id: siemEvents.id })
          .from(siemEvents)
          .where(
            and(
              eq(siemEvents.organizationId, carol.organizationId),
              eq(siemEvents.type, 'vulnerability_found'),
            ),
          );
        expect(inside).toHaveLength(1);
        throw new Error('forced rollback');
      }),
    ).rejects.toThrow('forced rollback');
    // …and after the rollback neither the vulnerability nor its event nor its delivery remain.
    expect(await outbox(carol.organizationId, 'vulnerability_found')).toEqual([]);
    expect(await queuedTypes(queued)).toEqual([]);
    const vulns = await ctx.db
      .select({ id: vulnerabilities.id })
      .from(vulnerabilities)
      .where(eq(vulnerabilities.organizationId, carol.organizationId));
    expect(vulns).toEqual([]);

    // The same change committed: the event stays and is queued.
    await recordFinding(ctx.db, owner, finding({ host: '127.0.0.9' }));
    expect(await outbox(carol.organizationId, 'vulnerability_found')).toHaveLength(1);
    expect(await queuedTypes(queued)).toEqual(['vulnerability_found']);
  });
});
