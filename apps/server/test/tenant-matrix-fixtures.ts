import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import type { TRole } from '@netguard/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { testResources } from '../../../scripts/testing/current.ts';
import {
  reports,
  scanHosts,
  securityEvents,
  securityIncidents,
  userRoles,
} from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { runReport } from '../src/modules/reports/reports.jobs.ts';
import { assessVulnerabilities } from '../src/modules/risk/risk.assess.ts';
import { type Account, createAccount, setPlan, type TestContext } from './helpers.ts';
import { uploadCapture } from './packets-helpers.ts';
import { seedScan, seedService, seedVulnerability } from './seed.ts';
import { seedCloud } from './tenant-matrix-cloud.ts';
import { seedRemediation } from './tenant-matrix-remediation.ts';
import { seedSelftest } from './tenant-matrix-selftest-seed.ts';
import { seedSiem } from './tenant-matrix-siem.ts';

/** Who calls: a role of organization A, or the admin of organization B (`other`). */
export type Caller = {
  name: TRole | 'other';
  account: Account;
  auth: { authorization: string };
  organizationId: string;
};

/** Text put into B's names, which A's callers must never see. */
export const MARK_B = 'tmB-4e1d';

/**
 * A loopback host of the running test file's block that only A's scans know (B's nmap import
 * knows 127.0.0.1 only). A function: files share this module when a worker runs several.
 */
export const topologyHost = () => testResources().host(3);

/**
 * The address the sample scans target: one of the file's block, which its test app allows
 * (127.0.0.1 is this server, refused to a tenant by the egress policy).
 */
export const scanTarget = () => testResources().host(4);

/** Text put into A's names so that a leak shows in B's responses. */
export const MARK = 'tmA-7f3c';

type Json = Record<string, unknown>;
const json = (res: { statusCode: number; body: string }, label: string): Json => {
  if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as Json;
};

/** One Ethernet/IPv4/UDP frame between two documentation addresses, as a classic pcap. */
export function tinyPcap(): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(65535, 16);
  header.writeUInt32LE(1, 20);
  const udp = Buffer.from('tenant matrix');
  const ip = Buffer.alloc(20);
  ip.writeUInt8(0x45, 0);
  ip.writeUInt16BE(20 + 8 + udp.length, 2);
  ip.writeUInt8(64, 8);
  ip.writeUInt8(17, 9);
  Buffer.from([192, 0, 2, 10]).copy(ip, 12);
  Buffer.from([192, 0, 2, 20]).copy(ip, 16);
  let sum = 0;
  for (let i = 0; i < 20; i += 2) sum += ip.readUInt16BE(i);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >> 16);
  ip.writeUInt16BE(~sum & 0xffff, 10);
  const udpHeader = Buffer.alloc(8);
  udpHeader.writeUInt16BE(40000, 0);
  udpHeader.writeUInt16BE(5353, 2);
  udpHeader.writeUInt16BE(8 + udp.length, 4);
  const eth = Buffer.from('0200000000010200000000020800', 'hex');
  const frame = Buffer.concat([eth, ip, udpHeader, udp]);
  const record = Buffer.alloc(16);
  record.writeUInt32LE(Math.floor(Date.now() / 1000), 0);
  record.writeUInt32LE(frame.length, 8);
  record.writeUInt32LE(frame.length, 12);
  return Buffer.concat([header, record, frame]);
}

let counter = 0;
/** A unique suffix for throw-away names and e-mails. */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new account that is a member of `organizationId` with `role`, its session switched there. */
export async function memberOf(
  ctx: TestContext,
  organizationId: string,
  role: TRole,
  label: string,
): Promise<Account> {
  const account = await createAccount(ctx, `tm-${label}-${unique()}@example.com`);
  await ctx.db.insert(userRoles).values({ userId: account.userId, organizationId, role });
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/organizations/switch',
    headers: account.auth,
    payload: { organization_id: organizationId },
  });
  const session = json(switched, `switch ${label}`);
  const auth = { authorization: `Bearer ${session.access_token as string}` };
  return { ...account, organizationId, accessToken: session.access_token as string, auth };
}

export const callerOf = (name: Caller['name'], account: Account): Caller => ({
  name,
  account,
  auth: account.auth,
  organizationId: account.organizationId,
});

/** A's data that the samples point at; made once, before the matrix. */
export async function makeFixtures(ctx: TestContext) {
  const admin = await createAccount(ctx, 'tm-a-admin@example.com');
  const other = await createAccount(ctx, 'tm-b-admin@example.com');
  // Enterprise: every feature of the plan matrix is open, so the matrix tests roles and tenants.
  await setPlan(ctx, admin, 'Enterprise');
  await setPlan(ctx, other, 'Enterprise');
  const a = admin.organizationId;
  const callers: Caller[] = [callerOf('admin', admin)];
  // Plans belong to the user: members get their own, so plan limits stay out of the matrix.
  for (const role of ['security_analyst', 'auditor', 'viewer'] as const) {
    const member = await memberOf(ctx, a, role, role);
    await setPlan(ctx, member, 'Enterprise');
    callers.push(callerOf(role, member));
  }
  const spare = await memberOf(ctx, a, 'viewer', 'spare');
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

  // A completed scan of topologyHost() with a finding, the host up and an open port (the test's).
  const listener = net.createServer((s) => s.on('error', () => undefined).end());
  listener.listen(0, topologyHost());
  await once(listener, 'listening');
  const openPort = (listener.address() as net.AddressInfo).port;
  const scan = await seedScan(ctx, admin, {
    status: 'completed',
    name: `${MARK} scan`,
    targets: [topologyHost()],
  });
  await ctx.db.insert(scanHosts).values({ scanId: scan.id, address: topologyHost() });
  await seedService(ctx, scan.id, topologyHost(), openPort);
  const vulnerability = await seedVulnerability(ctx, admin, scan.id, {
    severity: 'high',
    host: '192.0.2.44',
  });
  await assessVulnerabilities(ctx.db, { organizationId: a });
  const vulns = json(await as('GET', '/api/vulnerabilities'), 'vulnerabilities');
  const items = vulns.items as { id: string; threat_mitigation_actions: { id: string }[] }[];
  const mitigationId = items.find((v) => v.id === vulnerability.id)?.threat_mitigation_actions[0]
    ?.id as string;

  const report = json(await as('POST', '/api/reports', { report_type: 'executive' }), 'report');
  await runReport({ db: ctx.db, log: createLogger('silent') }, report.id as string, false);
  await ctx.db
    .update(reports)
    .set({ title: `${MARK} report` })
    .where(eq(reports.id, report.id as string));

  const capture = json(
    await uploadCapture(ctx, admin, `${MARK}.pcap`, tinyPcap()),
    'capture upload',
  );
  const invitation = json(
    await as('POST', '/api/organization/invitations', {
      email: `tm-invitee-${MARK}@example.com`,
      role: 'viewer',
    }),
    'invitation',
  );
  const asset = json(
    await as('PUT', '/api/assets', {
      kind: 'host',
      target: '192.0.2.45',
      criticality: 'high',
      mission_prevalence: 'essential',
      public_wellbeing: 'material',
      owner: `${MARK} owner`,
    }),
    'asset',
  );
  const apiKey = json(await as('POST', '/api/api-keys', { name: `${MARK} key` }), 'api key');
  // A is on Enterprise: a checkout changes it to Professional.
  const checkout = json(
    await as('POST', '/api/billing/create-checkout', { price_id: 'price_netguard_professional' }),
    'checkout',
  );
  const incidentId = await insertIncident(ctx, a);
  const cloud = await seedCloud(ctx, a, MARK);
  const siem = await seedSiem(ctx, a, MARK);
  const selftestId = await seedSelftest(ctx, a);
  const remediation = await seedRemediation(ctx, a, admin.userId);
  // B's own data, which A's roles must never see.
  const otherScan = await seedScan(ctx, other, {
    status: 'completed',
    name: `${MARK_B} scan`,
    targets: ['192.0.2.77'],
  });
  await seedVulnerability(ctx, other, otherScan.id, { severity: 'critical', host: '192.0.2.77' });
  await insertIncident(ctx, other.organizationId, MARK_B);
  const [event] = await ctx.db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(eq(securityEvents.organizationId, a))
    .orderBy(desc(securityEvents.createdAt))
    .limit(1);
  return {
    admin,
    other,
    callers,
    spare,
    organizationId: a,
    scanId: scan.id,
    vulnerabilityId: vulnerability.id,
    mitigationId,
    reportId: report.id as string,
    captureId: capture.id as string,
    invitationId: invitation.id as string,
    assetId: asset.id as string,
    apiKeyId: apiKey.id as string,
    checkoutId: checkoutIdOf(checkout),
    incidentId,
    cloud,
    siem,
    selftestId,
    remediation,
    otherScanId: otherScan.id,
    eventId: event?.id as string,
    closeListener: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}

export type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;

/** The checkout session id in create-checkout's answer (its url names it). */
export function checkoutIdOf(body: Json): string {
  if (typeof body.id === 'string') return body.id;
  const match = String(body.url).match(/[0-9a-f]{8}-[0-9a-f-]{27}/);
  if (!match) throw new Error(`no checkout session in ${JSON.stringify(body)}`);
  return match[0];
}

/** An open incident of `organizationId`, as the anomaly rules leave it. */
export async function insertIncident(
  ctx: TestContext,
  organizationId: string,
  mark = MARK,
): Promise<string> {
  const [row] = await ctx.db
    .insert(securityIncidents)
    .values({
      organizationId,
      title: `${mark} incident ${unique()}`,
      severity: 'medium',
      rule: 'event_burst',
      subject: randomUUID(),
    })
    .returning({ id: securityIncidents.id });
  return row!.id;
}

/** Every table with an organization_id column: a digest of A's rows, to see that B changed none. */
export async function snapshot(ctx: TestContext, organizationId: string) {
  const tables = await ctx.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'organization_id' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const rows = await ctx.db.execute<{ d: string | null; n: number }>(
      sql`select md5(string_agg(t::text, '|' order by t::text)) as d, count(*)::int as n
          from ${sql.identifier(table_name)} t where organization_id = ${organizationId}`,
    );
    digest[table_name] = `${rows.rows[0]?.n}:${rows.rows[0]?.d}`;
  }
  return digest;
}

export const stillThere = async (ctx: TestContext, organizationId: string, id: string) =>
  (
    await ctx.db
      .select({ id: securityIncidents.id })
      .from(securityIncidents)
      .where(
        and(eq(securityIncidents.organizationId, organizationId), eq(securityIncidents.id, id)),
      )
  ).length === 1;
