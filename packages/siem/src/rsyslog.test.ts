// Events forwarded to a real rsyslogd over TCP, UDP and TLS, read back from its file with
// liblognorm's lognormalizer and compared field by field with the events sent.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResources } from '../../../scripts/testing/current.ts';
import type { SiemEvent } from './event.ts';
import { formatCef } from './formats/cef.ts';
import { formatLeef } from './formats/leef.ts';
import { formatSyslog } from './syslog.ts';
import { makeTestPki } from './testing/certs.ts';
import { longEvent, scanStartedEvent, threatEvent, vulnerabilityEvent } from './testing/events.ts';
import {
  CEF_SEVERITY,
  expectedCefExtensions,
  expectedLeefAttributes,
  SYSLOG_SEVERITY,
} from './testing/expected.ts';
import { leefDelimiter, parseLeefAttributes } from './testing/leef-parser.ts';
import { type Normalized, normalize } from './testing/lognormalizer.ts';
import { testNetwork } from './testing/network.ts';
import { type Rsyslog, startRsyslog } from './testing/rsyslog.ts';
import { type SyslogTarget, sendSyslog } from './transport.ts';

const HOST = testResources().host(20);
const network = testNetwork();
const HOSTNAME = 'netguard-test';
let rsyslog: Rsyslog;

beforeAll(async () => {
  rsyslog = await startRsyslog(HOST);
});
afterAll(async () => {
  await rsyslog?.close();
});

const cefMessage = (e: SiemEvent) => formatSyslog(e, formatCef(e), { hostname: HOSTNAME });
const leefMessage = (e: SiemEvent) => formatSyslog(e, formatLeef(e), { hostname: HOSTNAME });

/** Sends the messages, waits for rsyslog to store them and returns them parsed by lognormalizer. */
async function roundTrip(target: SyslogTarget, messages: string[]): Promise<Normalized[]> {
  const before = rsyslog.lines().length;
  const results = await sendSyslog(network, target, messages);
  expect(results).toEqual(messages.map(() => ({ written: true })));
  const lines = await rsyslog.waitForLines(before + messages.length);
  expect(lines.slice(before)).toEqual(messages); // stored byte for byte, nothing else
  return normalize(lines.slice(before));
}

function expectSyslogHeader(parsed: Normalized, event: SiemEvent) {
  expect(parsed).toMatchObject({
    pri: String(16 * 8 + SYSLOG_SEVERITY[event.severity]),
    time: event.time,
    hostname: HOSTNAME,
    app: 'netguard',
    procid: String(process.pid),
    msgid: event.type,
  });
}

function expectCef(parsed: Normalized | undefined, event: SiemEvent) {
  if (parsed?.format !== 'cef') throw new Error(`not parsed as CEF: ${JSON.stringify(parsed)}`);
  expectSyslogHeader(parsed, event);
  expect(parsed.record).toEqual({
    DeviceVendor: 'NetGuard',
    DeviceProduct: 'Scanner',
    DeviceVersion: '0.1.0',
    SignatureID: event.type,
    Name: event.title,
    Severity: CEF_SEVERITY[event.severity],
    Extensions: expectedCefExtensions(event),
  });
}

function expectLeef(parsed: Normalized | undefined, event: SiemEvent) {
  if (parsed?.format !== 'leef') throw new Error(`not parsed as LEEF: ${JSON.stringify(parsed)}`);
  expectSyslogHeader(parsed, event);
  expect(parsed).toMatchObject({
    vendor: 'NetGuard',
    product: 'Scanner',
    version: '0.1.0',
    eventId: event.type,
  });
  expect(parseLeefAttributes(parsed.attributes, leefDelimiter(parsed.delimiter))).toEqual(
    expectedLeefAttributes(event),
  );
}

const EVENTS = [vulnerabilityEvent, threatEvent, scanStartedEvent];

describe.each([
  ['tcp', () => ({ protocol: 'tcp', host: HOST, port: rsyslog.tcpPort }) as const, 20_000],
  ['udp', () => ({ protocol: 'udp', host: HOST, port: rsyslog.udpPort }) as const, 6_000],
  [
    'tls',
    () => ({ protocol: 'tls', host: HOST, port: rsyslog.tlsPort, ca: rsyslog.pki.ca }) as const,
    20_000,
  ],
])('rsyslog over %s', (_name, target: () => SyslogTarget, longBytes: number) => {
  it('stores CEF records that lognormalizer reads back field by field', async () => {
    const events = [...EVENTS, longEvent(longBytes)];
    const parsed = await roundTrip(target(), events.map(cefMessage));
    expect(parsed).toHaveLength(events.length);
    for (const [i, event] of events.entries()) expectCef(parsed[i], event);
  });

  it('stores LEEF records whose header lognormalizer splits and whose attributes round-trip', async () => {
    const events = [...EVENTS, longEvent(longBytes)];
    const parsed = await roundTrip(target(), events.map(leefMessage));
    expect(parsed).toHaveLength(events.length);
    for (const [i, event] of events.entries()) expectLeef(parsed[i], event);
  });
});

describe('UDP to rsyslog', () => {
  it('delivers a 40 KB message in one datagram when maxUdpBytes allows it', async () => {
    const event = longEvent(40_000);
    const target = {
      protocol: 'udp',
      host: HOST,
      port: rsyslog.udpPort,
      maxUdpBytes: 65_507,
    } as const;
    const [parsed] = await roundTrip(target, [cefMessage(event)]);
    expectCef(parsed, event);
  });
});

describe('TLS to rsyslog', () => {
  it('refuses a receiver whose certificate another CA signed, as a tls error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'netguard-other-ca-'));
    try {
      const other = makeTestPki(dir, HOST, 'Some other CA');
      const before = rsyslog.lines().length;
      const results = await sendSyslog(
        network,
        { protocol: 'tls', host: HOST, port: rsyslog.tlsPort, ca: other.ca, timeoutMs: 5000 },
        [cefMessage(scanStartedEvent), cefMessage(threatEvent)],
      );
      expect(results).toHaveLength(2);
      for (const r of results) {
        expect(r.written).toBe(false);
        if (!r.written) {
          expect(r.error.kind).toBe('tls');
          expect(r.error.message).toContain(`syslog tls://${HOST}:${rsyslog.tlsPort}: TLS failed`);
        }
      }
      expect(rsyslog.lines()).toHaveLength(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a certificate issued for another address (name check)', async () => {
    const results = await sendSyslog(
      network,
      {
        protocol: 'tls',
        host: HOST,
        port: rsyslog.tlsPort,
        ca: rsyslog.pki.ca,
        servername: 'siem.example',
        timeoutMs: 5000,
      },
      [cefMessage(scanStartedEvent)],
    );
    expect(results[0]).toMatchObject({ written: false, error: { kind: 'tls' } });
  });
});
