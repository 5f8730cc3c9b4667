import { DETECTION_QOD, DISTRO_UPSTREAM_QOD } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  scanServices,
  threatMitigationActions,
  vulnerabilities,
  vulnerabilityAssessments,
} from '../src/db/schema.ts';
import { debianOsv, kevFile, uploadFeed } from './feeds-helpers.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { seedScan, seedVulnerability } from './seed.ts';

let ctx: TestContext;
let operator: Account;
let other: Account;
/** sshd on a patched Debian 12 (+deb12u10) and on one before the fix (+deb12u2). */
let patched: string;
let unpatched: string;

const history = (account: Account, id: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/vulnerabilities/${id}/history`,
    headers: account.auth,
  });

async function seedSshFinding(scanId: string, host: string, revision: string) {
  await ctx.db.insert(scanServices).values({
    scanId,
    host,
    port: 22,
    protocol: 'tcp',
    state: 'open',
    service: 'ssh',
    product: 'OpenSSH',
    version: '9.2p1',
    banner: `SSH-2.0-OpenSSH_9.2p1 Debian-${revision}`,
  });
  const row = await seedVulnerability(ctx, operator, scanId, { severity: 'high', host, port: 22 });
  await ctx.db
    .update(vulnerabilities)
    .set({
      cveId: 'CVE-2024-6387',
      cvssScore: 8.1,
      riskScore: 81,
      checkId: 'vulnerable-version',
      detection: {
        method: 'upstream_version',
        qod: DISTRO_UPSTREAM_QOD,
        detail: 'OpenSSH 9.2p1 is in the affected range',
        distribution: 'Debian 12',
      },
    })
    .where(eq(vulnerabilities.id, row.id));
  await ctx.db
    .update(threatMitigationActions)
    .set({ priority: 'urgent' })
    .where(eq(threatMitigationActions.vulnerabilityId, row.id));
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ NETGUARD_OPERATORS: 'ops@example.com', NETGUARD_OFFLINE: '1' });
  operator = await createAccount(ctx, 'ops@example.com');
  other = await createAccount(ctx, 'other@example.com');
  const scan = await seedScan(ctx, operator, { status: 'completed', type: 'vulnerability' });
  patched = await seedSshFinding(scan.id, '127.0.0.10', '2+deb12u10');
  unpatched = await seedSshFinding(scan.id, '127.0.0.11', '2+deb12u2');
});
afterAll(() => ctx.close());

const vuln = async (id: string) =>
  (await ctx.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, id)))[0]!;

describe('re-evaluation after a feed import', () => {
  it('raises the risk and priority of open vulnerabilities whose CVE enters KEV, with history', async () => {
    const file = kevFile([{ cve: 'CVE-2024-6387', added: '2024-07-15', due: '2024-08-05' }]);
    expect((await uploadFeed(ctx, operator, 'kev', file)).statusCode).toBe(201);
    expect((await vuln(unpatched)).riskScore).toBe(100);
    const [action] = await ctx.db
      .select()
      .from(threatMitigationActions)
      .where(eq(threatMitigationActions.vulnerabilityId, unpatched));
    expect(action?.priority).toBe('immediate');
    const res = await history(operator, unpatched);
    expect(res.statusCode).toBe(200);
    const events = res.json().items;
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'priority_changed',
        summary:
          'Listed in CISA KEV on 2024-07-15 (CISA due date 2024-08-05): risk 81 → 100, priority immediate (was urgent).',
      }),
    );
    // The risk assessment is computed again with the new KEV entry as its exploitation evidence.
    const [assessed] = await ctx.db
      .select()
      .from(vulnerabilityAssessments)
      .where(eq(vulnerabilityAssessments.vulnerabilityId, unpatched));
    expect(assessed?.assessment.kev).toMatchObject({ date_added: '2024-07-15' });
    // The same catalog again adds nothing: the entry is not new.
    expect((await uploadFeed(ctx, operator, 'kev', file)).statusCode).toBe(201);
    expect((await history(operator, unpatched)).json().items).toHaveLength(events.length);
  });

  it('judges the package revision in the banner against an imported Debian fix', async () => {
    const osv = Buffer.from(JSON.stringify(debianOsv('CVE-2024-6387', '12', '1:9.2p1-2+deb12u3')));
    const res = await uploadFeed(ctx, operator, 'osv', osv);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'succeeded', counts: { imported: 1 } });

    const fixed = await vuln(patched);
    expect(fixed.state).toBe('not_affected');
    expect(fixed.detection).toMatchObject({
      method: 'package_revision',
      qod: DETECTION_QOD.package_revision,
      distribution: 'Debian 12',
    });
    const [latest] = (await history(operator, patched)).json().items;
    expect(latest).toMatchObject({
      kind: 'status_changed',
      summary:
        'Debian 12 fixed CVE-2024-6387 in openssh 1:9.2p1-2+deb12u3; the service shows 1:9.2p1-2+deb12u10. Not affected (was open).',
    });

    const still = await vuln(unpatched);
    expect(still.state).toBe('open');
    expect(still.detection).toMatchObject({ method: 'package_revision', qod: 97 });
    const [confirmed] = (await history(operator, unpatched)).json().items;
    expect(confirmed).toMatchObject({
      kind: 'confidence_changed',
      summary: `Debian 12 fixed CVE-2024-6387 in openssh 1:9.2p1-2+deb12u3; the service shows 1:9.2p1-2+deb12u2, which is older. Confirmed by the package revision: confidence ${DISTRO_UPSTREAM_QOD}% → 97%.`,
    });
  });

  it('shows the history to the vulnerability’s organization only', async () => {
    expect((await history(other, patched)).statusCode).toBe(404);
  });
});
