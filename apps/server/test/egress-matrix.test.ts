// Issue 31 item 1: every feature that opens a connection to where a tenant points it, tried
// against the server's own database port, its API port, another listening port, a closed port of
// this host and the cloud metadata address, as a Free admin, an Enterprise admin and a deployment
// operator. Only the operator gets through; a tenant's answers are the same for every port of
// this host; the metadata address is refused before any packet (a capture on every interface
// proves it). (SIEM's senders: siem-egress.test.ts.)
import { once } from 'node:events';
import { statSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { DEFAULT_PRODUCT_IDS } from '@netguard/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAccountKey } from '../../../packages/cloud/src/testing/gcp-state.ts';
import {
  startTestCapture,
  type TestCapture,
} from '../../../packages/packets/src/testing/tcpdump.ts';
import { subscriptions } from '../src/db/schema.ts';
import { setDeploymentOperator } from '../src/modules/operators/operators.repo.ts';
import { type Account, createAccount, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let capture: TestCapture;
let other: net.Server;
const targets: Record<string, { address: string; port: number }> = {};
const who: Record<'free' | 'enterprise' | 'operator', Account> = {} as never;

async function listening(server: net.Server, port = 0) {
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  ctx = await createTestApp();
  // The API listens as `npm start` does, and tells its egress policy (serve.ts).
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const api = (ctx.app.server.address() as AddressInfo).port;
  ctx.app.egress.listening({ address: '127.0.0.1', port: api });
  other = net.createServer((socket) => socket.end('SSH-2.0-not-really\r\n'));
  const open = await listening(other);
  const closing = net.createServer();
  const closed = await listening(closing);
  closing.close();
  Object.assign(targets, {
    database: { address: '127.0.0.1', port: Number(new URL(ctx.url).port) },
    api: { address: '127.0.0.1', port: api },
    open: { address: '127.0.0.1', port: open },
    closed: { address: '127.0.0.1', port: closed },
    metadata: { address: '169.254.169.254', port: 80 },
  });
  for (const [name, email] of [
    ['free', 'egress-free@example.com'],
    ['enterprise', 'egress-enterprise@example.com'],
    ['operator', 'egress-operator@example.com'],
  ] as const)
    who[name] = await createAccount(ctx, email);
  for (const account of [who.enterprise, who.operator])
    await ctx.db
      .update(subscriptions)
      .set({ subscribed: true, productId: DEFAULT_PRODUCT_IDS.Enterprise })
      .where(eq(subscriptions.userId, account.userId));
  await setDeploymentOperator(ctx.db, who.operator.email, true);
  capture = await startTestCapture({ interface: 'any', filter: 'host 169.254.169.254' });
}, 60_000);

afterAll(async () => {
  await capture?.remove();
  other?.close();
  await ctx?.close();
});

const call = (account: Account, method: 'POST' | 'PUT', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: account.auth, payload });

/** Each feature's answer for one destination: its status and message. */
type Probe = (account: Account, target: { address: string; port: number }) => Promise<string>;

const FEATURES: Record<string, Probe> = {
  async 'SSH host Test Connection'(account, { address, port }) {
    const created = await call(account, 'POST', '/api/remediation/hosts', {
      name: `${address}:${port}`,
      address,
      port,
      username: 'root',
      auth: { type: 'password', password: 'not-a-real-one' },
      privilege: 'none',
    });
    // Automated remediation is not in Free: refused by the plan before any connection.
    if (created.statusCode === 402) return `402 ${created.json().error.message}`;
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const res = await call(account, 'POST', `/api/remediation/hosts/${id}/test`, {});
    // One connection per address and organization: the next target takes its place.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/remediation/hosts/${id}`,
      headers: account.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().message;
  },
  async 'OIDC issuer discovery (SSO settings)'(account, { address, port }) {
    const res = await call(account, 'PUT', '/api/organization/sso', {
      protocol: 'oidc',
      enabled: true,
      domains: [`${account.userId}.egress.test`],
      default_role: 'viewer',
      groups_claim: 'groups',
      role_mappings: [],
      require_sso: false,
      break_glass_user_id: null,
      // Plain http is for loopback issuers only; elsewhere openid-client insists on https.
      oidc: {
        issuer: `${address.startsWith('127.') ? 'http' : 'https'}://${address}:${port}`,
        client_id: 'c',
        client_secret: 's',
      },
    });
    return `${res.statusCode} ${res.json().error?.message ?? ''}`;
  },
  async "GCP key's token_uri (cloud connection)"(account, { address, port }) {
    const res = await call(account, 'POST', '/api/cloud/connections', {
      provider: 'gcp',
      credentials: {
        projectId: 'netguard-test',
        serviceAccountKey: serviceAccountKey(`http://${address}:${port}/token`).json,
      },
    });
    return `${res.statusCode} ${res.json().error?.message ?? ''}`;
  },
};

/** The answer with the destination taken out: what is left must not tell ports apart. */
const shape = (answer: string, { address, port }: { address: string; port: number }) =>
  answer
    .replaceAll(`${address}:${port}`, '<target>')
    .replaceAll(`${address} port ${port}`, '<target>');

const REFUSED = /refused by the egress policy|^402 /;
const METADATA_REFUSED = /refused by the egress policy: 169\.254\.169\.254 .*is never reached/;

describe.each(Object.entries(FEATURES))('%s', (_feature, probe) => {
  for (const tenant of ['free', 'enterprise'] as const)
    it(`refuses a ${tenant} admin every port of this host alike, and the metadata address`, async () => {
      const local = ['database', 'api', 'open', 'closed'];
      const answers: string[] = [];
      for (const name of local)
        answers.push(shape(await probe(who[tenant], targets[name]!), targets[name]!));
      // Refused by the egress policy, or before that by the plan (402: none of these is in Free).
      for (const answer of answers) expect(answer).toMatch(REFUSED);
      // Not one word differs between the database, the API, another service and a closed port.
      expect(new Set(answers).size, answers.join('\n')).toBe(1);
      expect(answers[0]).not.toMatch(/reset|ECONN|SSH-2\.0|timed out/);
      const metadata = await probe(who[tenant], targets.metadata!);
      expect(metadata).toMatch(answers[0]?.startsWith('402 ') ? /^402 / : METADATA_REFUSED);
    });

  it('lets an operator through to this host, never to the metadata address', async () => {
    const open = await probe(who.operator, targets.open!);
    expect(open).not.toMatch(/egress policy/);
    const metadata = await probe(who.operator, targets.metadata!);
    expect(metadata).toMatch(METADATA_REFUSED);
  });
});

it('sent not one packet to the metadata address', async () => {
  await capture.stop();
  // A pcap file with no packet is its 24-byte header alone.
  expect(statSync(capture.file).size).toBe(24);
});
