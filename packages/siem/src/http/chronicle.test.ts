// Chronicle (Google SecOps) against a local receiver playing the token endpoint and the
// Ingestion API: the RS256 JWT assertion checked with the key's public half, UDM mapping, the
// exact batchCreate body, and each class of answer.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { createSiemEvent } from '../event.ts';
import {
  scanStartedEvent,
  signInEvent,
  threatEvent,
  vulnerabilityEvent,
} from '../testing/events.ts';
import {
  closedPortUrl,
  type ReceivedRequest,
  type Receiver,
  type Reply,
  startReceiver,
  timed,
} from '../testing/http-receiver.ts';
import { testNetwork } from '../testing/network.ts';
import {
  CHRONICLE_SCOPE,
  ChronicleSender,
  type ChronicleTarget,
  udmEvent,
  udmEventType,
} from './chronicle.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const CUSTOMER = 'c8c65bfa-5f2c-42d4-9189-64bb7b939f2c';
const HOST = testResources().host(1);
const network = testNetwork();
let receiver: Receiver;
let target: ChronicleTarget;
let ingest: (r: ReceivedRequest) => Reply;

const isToken = (r: ReceivedRequest) => r.path === '/token';
const ingestRequests = () => receiver.requests.filter((r) => !isToken(r));

beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: 500 }), HOST);
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.requests.length = 0;
  ingest = () => ({ status: 200, body: {} });
  receiver.route = (r) =>
    isToken(r)
      ? { status: 200, body: { access_token: 'ya29.test', expires_in: 3599, token_type: 'Bearer' } }
      : ingest(r);
  target = {
    endpoint: receiver.url,
    customerId: CUSTOMER,
    serviceAccount: {
      client_email: 'netguard@proj.iam.gserviceaccount.com',
      private_key: privateKey,
      private_key_id: 'key-1',
      token_uri: `${receiver.url}/token`,
    },
  };
});

describe('udmEvent', () => {
  it('maps event types onto UDM event types', () => {
    expect(udmEventType(vulnerabilityEvent)).toBe('SCAN_VULN_HOST');
    expect(udmEventType(scanStartedEvent)).toBe('SCAN_HOST');
    expect(udmEventType(threatEvent)).toBe('GENERIC_EVENT');
    const login = createSiemEvent({
      type: 'security_event',
      severity: 'medium',
      organizationId: 'org-1',
      title: 'Failed login',
      message: '5 failures',
      category: 'authentication',
      user: 'alice',
      outcome: 'failure',
    });
    expect(udmEventType(login)).toBe('USER_LOGIN');
    expect(udmEvent(login)).toMatchObject({
      target: { user: { userid: 'alice' } },
      extensions: { auth: { type: 'AUTHTYPE_UNSPECIFIED' } },
      security_result: [{ action: ['BLOCK'] }],
    });
  });

  it('names a signed-in user by e-mail and account id', () => {
    expect(udmEvent(signInEvent)).toMatchObject({
      metadata: { event_type: 'USER_LOGIN' },
      target: {
        user: {
          userid: 'alice@example.com',
          email_addresses: ['alice@example.com'],
          product_object_id: '7b3e9c0a-1d8f-4e4b-a0c7-7b8c9d0e1f2a',
        },
      },
    });
  });

  it('writes metadata, nouns, severity and the CVE', () => {
    expect(udmEvent(vulnerabilityEvent)).toEqual({
      metadata: {
        event_type: 'SCAN_VULN_HOST',
        event_timestamp: '2026-11-27T05:00:00.123Z',
        product_name: 'NetGuard',
        vendor_name: 'NetGuard',
        product_event_type: 'vulnerability_found',
        product_log_id: vulnerabilityEvent.id,
        description: vulnerabilityEvent.title,
      },
      principal: { application: 'netguard-scanner', user: { userid: 'alice=admin' } },
      target: { hostname: 'web-01.example', ip: ['192.0.2.10'], port: 443 },
      network: { ip_protocol: 'TCP' },
      security_result: [
        {
          severity: 'CRITICAL',
          summary: vulnerabilityEvent.title,
          description: vulnerabilityEvent.message,
          category_details: ['vulnerability'],
        },
      ],
      extensions: {
        vulns: {
          vulnerabilities: [
            {
              cve_id: 'CVE-2024-3094',
              name: vulnerabilityEvent.title,
              cvss_base_score: 9.8,
              severity: 'CRITICAL',
            },
          ],
        },
      },
      additional: {
        organizationId: vulnerabilityEvent.organizationId,
        level: 'error',
        ...vulnerabilityEvent.fields,
      },
    });
  });
});

describe('ChronicleSender', () => {
  it('exchanges an RS256 JWT for a token and posts {customer_id, events} to batchCreate', async () => {
    const sender = new ChronicleSender(network, target);
    const before = Math.floor(Date.now() / 1000);
    expect(await sender.send([vulnerabilityEvent, threatEvent])).toEqual([
      { eventId: vulnerabilityEvent.id, status: 'delivered', receipt: { status: 200 } },
      { eventId: threatEvent.id, status: 'delivered', receipt: { status: 200 } },
    ]);
    const tokenRequest = receiver.requests.find(isToken);
    const form = Object.fromEntries(new URLSearchParams(tokenRequest?.text));
    expect(form.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = (form.assertion ?? '').split('.');
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
    expect(verified).toBe(true);
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: 'key-1',
    });
    const decoded = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString());
    expect(decoded).toMatchObject({
      iss: 'netguard@proj.iam.gserviceaccount.com',
      scope: CHRONICLE_SCOPE,
      aud: `${receiver.url}/token`,
    });
    expect(decoded.iat).toBeGreaterThanOrEqual(before);
    expect(decoded.exp - decoded.iat).toBe(3600);

    const [post] = ingestRequests();
    expect(post?.path).toBe('/v2/udmevents:batchCreate');
    expect(post?.headers.authorization).toBe('Bearer ya29.test');
    expect(JSON.parse(post?.text ?? '')).toEqual({
      customer_id: CUSTOMER,
      events: [udmEvent(vulnerabilityEvent), udmEvent(threatEvent)],
    });
    await sender.send([scanStartedEvent]);
    expect(receiver.requests.filter(isToken)).toHaveLength(1);
  });

  it('classifies 400 as dead, 429 and 5xx as retry, 401 as dead', async () => {
    const sender = new ChronicleSender(network, target);
    ingest = () => ({ status: 400, body: { error: { code: 400, message: 'Invalid UDM event' } } });
    expect(await sender.send([threatEvent])).toMatchObject([
      { status: 'dead', reason: 'Chronicle 400: HTTP 400 from the destination' },
    ]);
    ingest = () => ({
      status: 429,
      headers: { 'retry-after': '3' },
      body: { error: { code: 429 } },
    });
    expect(await sender.send([threatEvent])).toMatchObject([
      { status: 'retry', retryAfterMs: 3000 },
    ]);
    ingest = () => ({ status: 500, body: 'internal' });
    expect(await sender.send([threatEvent])).toMatchObject([
      { status: 'retry', reason: 'Chronicle 500: HTTP 500 from the destination' },
    ]);
    ingest = () => ({ status: 401, body: 'unauthenticated' });
    expect(await sender.send([threatEvent])).toMatchObject([
      { status: 'dead', reason: 'Chronicle 401: HTTP 401 from the destination' },
    ]);
  });

  it('a key the token endpoint refuses is dead; refused and silent endpoints are retried', async () => {
    receiver.route = (r) =>
      isToken(r)
        ? {
            status: 400,
            body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
          }
        : ingest(r);
    expect(await new ChronicleSender(network, target).send([threatEvent])).toMatchObject([
      {
        status: 'dead',
        reason: 'Google service account token 400: HTTP 400 from the destination',
      },
    ]);
    receiver.route = (r) =>
      isToken(r)
        ? { status: 200, body: { access_token: 'ya29.test', expires_in: 3599 } }
        : ingest(r);
    const refused = new ChronicleSender(network, {
      ...target,
      endpoint: await closedPortUrl(HOST),
    });
    expect(await refused.send([threatEvent])).toMatchObject([
      { status: 'retry', reason: expect.stringMatching(/: refused$/) },
    ]);
    ingest = () => 'hang';
    const silent = new ChronicleSender(network, target, { timeoutSeconds: 0.3 });
    const { result, elapsedMs } = await timed(() => silent.send([threatEvent]));
    expect(elapsedMs).toBeLessThan(2000);
    expect(result).toMatchObject([
      { status: 'retry', reason: expect.stringMatching(/: timed out$/) },
    ]);
  });
});
