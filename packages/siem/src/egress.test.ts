// Every SIEM connection goes through the egress policy: a destination it refuses (the metadata
// address, loopback for a tenant) is refused before any packet, in the policy's words, the same
// whether a port is open or closed; no reason carries what a destination answered; a token
// endpoint that gives no token stops the send before any ingestion request.
import { generateKeyPairSync } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import { SIEM_TYPES, type TSiemType } from '@netguard/contracts';
import type { Network } from '@netguard/egress';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Outcome } from './delivery.ts';
import { createDestination, type DestinationConfig } from './destination.ts';
import { threatEvent } from './testing/events.ts';
import {
  closedPortUrl,
  type ReceivedRequest,
  type Receiver,
  type Reply,
  startReceiver,
} from './testing/http-receiver.ts';
import { testNetwork } from './testing/network.ts';

const { host } = testResources();
/** The receivers' address, allowed to the tenant. */
const HOST = host(1);
/** An address of the block the policies below do not allow: listeners there must see nothing. */
const OUTSIDE = host(2);
const METADATA = '169.254.169.254';
const SECRET = 'SECRET-BODY-TEXT';
const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

type Where = {
  /** Base URL of the HTTP destinations. */
  http: string;
  /** host:port of the syslog ones. */
  syslog: string;
  /** Base URL of the token endpoints (default: `http`). */
  token?: string;
};

/** A configuration of `type` whose every URL (token endpoints too) points at `where`. */
function configOf(
  type: TSiemType,
  where: Where,
  network: Network,
  extra: Partial<DestinationConfig> = {},
): DestinationConfig {
  const token = where.token ?? where.http;
  const base = {
    type,
    endpoint: where.http,
    authType: 'api_key' as const,
    credentials: { key: 'k' },
    options: {},
    settings: { batchSize: 100, timeout: 3 },
    network,
  };
  const byType: Partial<Record<TSiemType, Partial<DestinationConfig>>> = {
    sentinel: {
      authType: 'oauth',
      credentials: { tenantId: TENANT_ID, clientId: 'client', key: 'secret' },
      options: { authorityHost: token, dcrImmutableId: 'dcr-1', streamName: 'Custom-NetGuard_CL' },
    },
    chronicle: {
      credentials: {
        key: JSON.stringify({
          client_email: 'netguard@proj.iam.gserviceaccount.com',
          private_key: privateKey,
          token_uri: `${token}/token`,
        }),
      },
      options: { customerId: 'c8c65bfa-5f2c-42d4-9189-64bb7b939f2c' },
    },
    qradar: { endpoint: `tcp://${where.syslog}` },
    arcsight: { endpoint: `tls://${where.syslog}` },
  };
  return { ...base, ...byType[type], ...extra };
}

const HTTP_TYPES = SIEM_TYPES.filter((t) => t !== 'qradar' && t !== 'arcsight');
const isToken = (r: ReceivedRequest) => r.path.endsWith('/token');

/** Sockets asked to connect and datagrams asked to be sent while `work` runs. */
async function packetsDuring<T>(work: () => Promise<T>): Promise<{ result: T; packets: number }> {
  const connect = net.Socket.prototype.connect;
  const send = dgram.Socket.prototype.send;
  let packets = 0;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    packets++;
    return connect.apply(this, args as Parameters<typeof connect>);
  } as typeof connect;
  dgram.Socket.prototype.send = function (this: dgram.Socket, ...args: unknown[]) {
    packets++;
    return send.apply(this, args as Parameters<typeof send>);
  } as typeof send;
  try {
    return { result: await work(), packets };
  } finally {
    net.Socket.prototype.connect = connect;
    dgram.Socket.prototype.send = send;
  }
}

const sendOne = (config: DestinationConfig) =>
  createDestination(config).send([threatEvent]) as Promise<[Outcome]>;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 500 }), HOST);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.requests.length = 0;
});

describe('the metadata address', () => {
  const metadata = { http: `http://${METADATA}`, syslog: `${METADATA}:514` };
  const policyRefusal = (port: number) =>
    `refused by the egress policy: ${METADATA} port ${port} is never reached: it is in 169.254.0.0/16`;

  it.each(SIEM_TYPES)(
    '%s: refused to tenants and operators before any packet, kept for a retry',
    async (type) => {
      const port = type === 'qradar' || type === 'arcsight' ? 514 : 80;
      for (const network of [testNetwork(), testNetwork({ operator: true })]) {
        const { result, packets } = await packetsDuring(() =>
          sendOne(configOf(type, metadata, network)),
        );
        expect(packets).toBe(0);
        expect(result).toEqual([
          {
            eventId: threatEvent.id,
            status: 'retry',
            unreachable: true,
            failure: 'policy',
            reason: expect.stringContaining(policyRefusal(port)),
          },
        ]);
      }
    },
  );

  it('over UDP, and behind a name that resolves to it, refused before any packet', async () => {
    const resolvesToMetadata = testNetwork({
      lookup: async () => [{ address: METADATA, family: 4 }],
    });
    const { result, packets } = await packetsDuring(async () => [
      ...(await sendOne(
        configOf('qradar', metadata, testNetwork(), { endpoint: `udp://${METADATA}:514` }),
      )),
      ...(await sendOne(
        configOf('splunk', { http: 'http://siem.example', syslog: '' }, resolvesToMetadata),
      )),
      ...(await sendOne(
        configOf('qradar', metadata, resolvesToMetadata, { endpoint: 'udp://siem.example:514' }),
      )),
    ]);
    expect(packets).toBe(0);
    expect(result.map((o) => o.status === 'retry' && [o.failure, o.reason])).toEqual([
      ['policy', expect.stringContaining(`syslog udp://${METADATA}:514: ${policyRefusal(514)}`)],
      [
        'policy',
        expect.stringMatching(
          /^POST http:\/\/siem\.example\/services\/collector\/event: refused by the egress policy: siem\.example resolves to 169\.254\.169\.254 port 80 is never reached/,
        ),
      ],
      [
        'policy',
        expect.stringContaining('siem.example resolves to 169.254.169.254 port 514 is never'),
      ],
    ]);
  });

  it.each([
    ['sentinel', 'Microsoft Entra ID token'],
    ['chronicle', 'Google service account token'],
  ] as const)(
    '%s: a token endpoint there is refused and nothing is ingested',
    async (type, what) => {
      receiver.route = () => ({ status: 204 });
      const where = { http: receiver.url, syslog: '', token: `http://${METADATA}` };
      const { result, packets } = await packetsDuring(() =>
        sendOne(configOf(type, where, testNetwork())),
      );
      expect(packets).toBe(0);
      expect(receiver.requests).toEqual([]);
      expect((result[0] as { reason: string }).reason).toMatch(
        new RegExp(`^${what}: POST http://169\\.254\\.169\\.254/`),
      );
      expect(result).toEqual([
        {
          eventId: threatEvent.id,
          status: 'retry',
          unreachable: true,
          failure: 'policy',
          reason: expect.stringContaining(`: ${policyRefusal(80)}`),
        },
      ]);
    },
  );
});

describe('loopback to a tenant whose policy does not allow it', () => {
  const networks = [testNetwork({ allowed: [] }), testNetwork({ allowed: [`${HOST}/32`] })];
  let listener: net.Server;
  let accepted = 0;
  let openPort = 0;
  let closedPort = 0;

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      accepted++;
      socket.on('error', () => {}).resume();
    });
    await new Promise<void>((resolve) => listener.listen(0, OUTSIDE, resolve));
    openPort = (listener.address() as net.AddressInfo).port;
    closedPort = Number(new URL(await closedPortUrl(OUTSIDE)).port);
  });
  afterAll(() => new Promise((resolve) => listener.close(resolve)));

  it.each([
    ['splunk', (port: number) => ({ endpoint: `http://${OUTSIDE}:${port}` })],
    ['qradar', (port: number) => ({ endpoint: `tcp://${OUTSIDE}:${port}` })],
    ['arcsight', (port: number) => ({ endpoint: `tls://${OUTSIDE}:${port}` })],
    ['qradar', (port: number) => ({ endpoint: `udp://${OUTSIDE}:${port}` })],
  ] as const)(
    '%s %#: an open and a closed port get the same refusal, and no packet',
    async (type, at) => {
      const reasons: string[] = [];
      for (const network of networks)
        for (const port of [openPort, closedPort]) {
          const { result, packets } = await packetsDuring(() =>
            sendOne(configOf(type, { http: '', syslog: '' }, network, at(port))),
          );
          expect(packets).toBe(0);
          const [outcome] = result;
          expect(outcome).toMatchObject({ status: 'retry', unreachable: true, failure: 'policy' });
          reasons.push((outcome as { reason: string }).reason.replaceAll(String(port), 'PORT'));
        }
      expect(new Set(reasons).size).toBe(1);
      expect(reasons[0]).toContain(
        `refused by the egress policy: ${OUTSIDE} port PORT is this server itself`,
      );
      expect(reasons[0]).not.toMatch(/reset|open|closed|: refused$|timed out/);
      expect(accepted).toBe(0);
    },
  );

  it('the control: a network that allows the address reaches the same listener', async () => {
    const [outcome] = await sendOne(
      configOf('qradar', { http: '', syslog: `${OUTSIDE}:${openPort}` }, testNetwork()),
    );
    expect(outcome).toMatchObject({ status: 'delivered' });
    expect(accepted).toBe(1);
  });
});

describe('what a destination answers stays out of the reasons', () => {
  const where = () => ({ http: receiver.url, syslog: '' });
  const secretly = (status: number): Reply => ({ status, body: SECRET });
  const hecOk = { status: 200, body: { text: 'Success', code: 0, ackId: 1 } };

  it.each(HTTP_TYPES)(
    '%s: any status with a text body, from the token endpoint too',
    async (type) => {
      for (const status of [500, 400, 401, 403, 413, 429, 200])
        for (const tokenAnswers of [true, false]) {
          receiver.requests.length = 0;
          receiver.route = (r) =>
            isToken(r) && tokenAnswers
              ? { status: 200, body: { access_token: 't', expires_in: 3600 } }
              : secretly(status);
          const outcomes = await sendOne(configOf(type, where(), testNetwork()));
          expect(receiver.requests.length).toBeGreaterThan(0);
          expect(JSON.stringify(outcomes), `${type} ${status}`).not.toContain(SECRET);
        }
    },
  );

  it('a 500 names its status only', async () => {
    receiver.route = () => secretly(500);
    const [outcome] = await sendOne(configOf('splunk', where(), testNetwork()));
    expect(outcome).toEqual({
      eventId: threatEvent.id,
      status: 'retry',
      reason: 'Splunk HEC 500: HTTP 500 from the destination',
    });
  });

  it('Splunk acknowledgement answers too', async () => {
    receiver.route = (r) => (r.path.endsWith('/ack') ? secretly(500) : hecOk);
    const [outcome] = await sendOne(
      configOf('splunk', where(), testNetwork(), {
        options: { ackEnabled: true },
        channel: '0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b',
      }),
    );
    expect(outcome).toMatchObject({
      status: 'retry',
      reason: 'Splunk HEC ack 1: Splunk HEC ack 500: HTTP 500 from the destination',
    });
  });
});

describe('a token endpoint that answers without a token', () => {
  it.each([
    ['sentinel', 'Microsoft Entra ID token'],
    ['chronicle', 'Google service account token'],
  ] as const)('%s: the send stops there, dead, with no ingestion request', async (type, what) => {
    for (const body of [{}, { access_token: 5 }, null, SECRET, { error: SECRET }] as const) {
      receiver.requests.length = 0;
      receiver.route = (r) =>
        isToken(r)
          ? { status: 200, body: typeof body === 'string' ? body : JSON.stringify(body) }
          : { status: 204 };
      const outcomes = await sendOne(
        configOf(type, { http: receiver.url, syslog: '' }, testNetwork()),
      );
      expect(outcomes).toEqual([
        {
          eventId: threatEvent.id,
          status: 'dead',
          reason: `${what} 200: the answer holds no access_token`,
        },
      ]);
      expect(receiver.requests.map((r) => isToken(r))).toEqual([true]);
    }
  });
});
