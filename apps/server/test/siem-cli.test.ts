import { type Rsyslog, startRsyslog } from '@netguard/siem/testing/rsyslog';
import { type SplunkHecFake, startSplunkHecFake } from '@netguard/siem/testing/splunk-hec-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { netguard, netguardWith } from './cli-run.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';
import { createIntegration, SECRET } from './siem-helpers.ts';

let ctx: TestContext;
let admin: Account;
let hec: SplunkHecFake;
let rsyslog: Rsyslog;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, 'siem-cli@example.com', 'Enterprise');
  hec = await startSplunkHecFake('cli-token', testResources().host(22));
  rsyslog = await startRsyslog(testResources().host(23));
});
afterAll(async () => {
  await rsyslog?.close();
  await hec?.close();
  await ctx?.close();
});

describe('netguard siem send-sample', () => {
  it('sends one sample event to Splunk HEC and prints the answer', async () => {
    const out = await netguardWith(
      ['siem', 'send-sample', '--type', 'splunk', '--endpoint', hec.url, '--token', 'cli-token'],
      {},
    );
    expect(out.code, out.stderr).toBe(0);
    const answer = JSON.parse(out.stdout);
    expect(answer).toMatchObject({ status: 'delivered', receipt: { status: 200 } });
    expect(hec.ids()).toContain(answer.eventId);
  });

  it('exits 1 with the destination reason when the token is refused', async () => {
    const out = await netguardWith(
      ['siem', 'send-sample', '--type', 'splunk', '--endpoint', hec.url, '--token', 'nope'],
      {},
    );
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({ status: 'dead' });
    expect(out.stdout).toMatch(/Invalid token/);
  });

  it('sends CEF over syslog TCP to rsyslog', async () => {
    const endpoint = `tcp://${rsyslog.host}:${rsyslog.tcpPort}`;
    const out = await netguardWith(
      ['siem', 'send-sample', '--type', 'arcsight', '--endpoint', endpoint],
      {},
    );
    expect(out.code, out.stderr).toBe(0);
    const [line] = await rsyslog.waitForLines(1);
    expect(line).toMatch(/CEF:0\|NetGuard\|Scanner\|[^|]+\|vulnerability_found\|/);
    expect(line).toContain(`externalId=${JSON.parse(out.stdout).eventId}`);
  });

  it('refuses bad usage with exit 2 and the reason', async () => {
    const out = await netguardWith(
      ['siem', 'send-sample', '--type', 'qradar', '--endpoint', 'x'],
      {},
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/tcp:\/\/, udp:\/\/ or tls:\/\//);
  });
});

describe('netguard siem test', () => {
  it('runs Test Connection of a stored integration', async () => {
    const integration = await createIntegration(ctx, admin, {
      name: 'cli splunk',
      type: 'splunk',
      endpoint: hec.url,
      credentials: { key: 'cli-token' },
    });
    const out = await netguard(ctx, ['siem', 'test', integration.id], {
      NETGUARD_SECRET_KEY: SECRET,
    });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(
      /^Connection Successful: HTTP Event Collector accepted the test event/,
    );
    const missing = await netguard(ctx, ['siem', 'test', '00000000-0000-4000-8000-000000000000'], {
      NETGUARD_SECRET_KEY: SECRET,
    });
    expect(missing.code).toBe(1);
  });
});
