import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import { createDestination, type DestinationConfig } from './destination.ts';
import { createSiemEvent } from './event.ts';
import { closedPortUrl, type Receiver, startReceiver } from './testing/http-receiver.ts';
import { testNetwork } from './testing/network.ts';

const HOST = testResources().host(1);

const event = () =>
  createSiemEvent({
    type: 'scan_completed',
    severity: 'info',
    organizationId: '00000000-0000-4000-8000-000000000001',
    title: 'Scan of 127.0.0.1 completed',
    message: 'done',
  });

const base = (config: Partial<DestinationConfig>): DestinationConfig => ({
  type: 'splunk',
  endpoint: `http://${HOST}:9`,
  authType: 'api_key',
  credentials: {},
  options: {},
  settings: { batchSize: 100, timeout: 2 },
  network: testNetwork(),
  ...config,
});

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 200, body: '' }), HOST);
});
afterAll(async () => receiver.close());

describe('createDestination', () => {
  it('sends Sumo Logic to the source URL made of the endpoint and the token, gzip', async () => {
    const e = event();
    const [outcome] = await createDestination(
      base({
        type: 'sumo_logic',
        endpoint: `${receiver.url}/receiver/v1/http/`,
        credentials: { key: 'ZaVnC4dhaV3uTKlva4ZmXw==' },
        options: { category: 'security/netguard' },
      }),
    ).send([e]);
    expect(outcome).toMatchObject({ status: 'delivered', receipt: { status: 200 } });
    const request = receiver.requests.at(-1);
    expect(request?.path).toBe('/receiver/v1/http/ZaVnC4dhaV3uTKlva4ZmXw%3D%3D');
    expect(request?.headers['x-sumo-category']).toBe('security/netguard');
    expect(JSON.parse(gunzipSync(request?.raw as Buffer).toString()).id).toBe(e.id);
  });

  it('sends Elastic with basic auth when the auth type is basic', async () => {
    receiver.route = (r) => {
      const id = JSON.parse(r.text.split('\n')[0] as string).create._id;
      return {
        status: 200,
        body: { errors: false, items: [{ create: { _id: id, status: 201 } }] },
      };
    };
    await createDestination(
      base({
        type: 'elastic',
        endpoint: receiver.url,
        authType: 'basic',
        credentials: { username: 'elastic', password: 'changeme' },
      }),
    ).send([event()]);
    expect(receiver.requests.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from('elastic:changeme').toString('base64')}`,
    );
  });

  it('sends a Splunk channel only when acknowledgement is on', async () => {
    receiver.route = () => ({ status: 200, body: { text: 'Success', code: 0 } });
    await createDestination(
      base({ endpoint: receiver.url, credentials: { key: 't' }, channel: crypto.randomUUID() }),
    ).send([event()]);
    expect(receiver.requests.at(-1)?.headers['x-splunk-request-channel']).toBeUndefined();
  });

  it('retries an unacknowledged Splunk event once the timeout passes', async () => {
    receiver.route = (r) =>
      r.path.endsWith('/ack')
        ? { status: 200, body: { acks: { 7: false } } }
        : { status: 200, body: { text: 'Success', code: 0, ackId: 7 } };
    const [outcome] = await createDestination(
      base({
        endpoint: receiver.url,
        credentials: { key: 't' },
        options: { ackEnabled: true },
        settings: { batchSize: 100, timeout: 1 },
        channel: crypto.randomUUID(),
      }),
    ).send([event()]);
    expect(outcome).toMatchObject({
      status: 'retry',
      reason: 'Splunk HEC ack 7: not acknowledged within 1 s',
    });
  });

  it('marks a syslog receiver that refuses the connection as unreachable', async () => {
    const port = new URL(await closedPortUrl(HOST)).port;
    const [outcome] = await createDestination(
      base({ type: 'qradar', endpoint: `tcp://${HOST}:${port}` }),
    ).send([event()]);
    expect(outcome).toEqual({
      eventId: expect.any(String),
      status: 'retry',
      unreachable: true,
      failure: 'refused',
      reason: `syslog tcp://${HOST}:${port}: refused`,
    });
  });
});
