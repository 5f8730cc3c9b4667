import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloudScan } from '@/features/cloud/cloud-test-data';
import {
  createRealtimeConnection,
  type TRealtimeConnectionOptions,
} from '@/features/realtime/connection';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const SCAN = {
  id: '6f1c1c56-4c1e-4c1a-9a59-1d3f7a1b2c3d',
  scan_name: 'Loopback',
  scan_type: 'network',
  target_hosts: ['127.0.0.1'],
  status: 'running',
  progress: 40,
  error: null,
  created_at: '2026-11-22T00:00:00.000Z',
  started_at: '2026-11-22T00:00:01.000Z',
  completed_at: null,
};

let sockets: FakeSocket[];

function setup(overrides: Partial<TRealtimeConnectionOptions> = {}) {
  const options = {
    url: 'ws://127.0.0.1/api/realtime',
    getAccessToken: vi.fn(() => 'token-1'),
    refreshSession: vi.fn(async () => true),
    onEvent: vi.fn(),
    onStatus: vi.fn(),
    onSubscribed: vi.fn(),
    createSocket: (url: string) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    ...overrides,
  };
  const connection = createRealtimeConnection(options);
  connection.start();
  return { options, connection };
}

function last() {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket');
  return socket;
}

function handshake(socket = last()) {
  socket.open();
  socket.receive({ type: 'ready' });
  socket.receive({ type: 'subscribed', channel: 'scan-updates' });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('createRealtimeConnection', () => {
  it('authenticates first, then subscribes to scan-updates and reports open', () => {
    const { options } = setup();
    handshake();
    expect(last().sent).toEqual([
      { type: 'auth', access_token: 'token-1' },
      { type: 'subscribe', channel: 'scan-updates' },
    ]);
    expect(options.onStatus).toHaveBeenLastCalledWith('open');
    expect(options.onSubscribed).toHaveBeenCalledTimes(1);
  });

  it('passes scan events on and ignores malformed messages', () => {
    const { options } = setup();
    handshake();
    last().receive({
      type: 'event',
      channel: 'scan-updates',
      event: 'UPDATE',
      table: 'scans',
      record: SCAN,
    });
    last().receive({
      type: 'event',
      channel: 'scan-updates',
      event: 'UPDATE',
      table: 'scans',
      record: {},
    });
    expect(options.onEvent).toHaveBeenCalledTimes(1);
    expect(vi.mocked(options.onEvent).mock.calls[0]?.[0]).toMatchObject({
      record: { progress: 40 },
    });
  });

  it('reconnects after 1, 2, 5, 10 and 10 s, and starts over once subscribed again', () => {
    const { options } = setup();
    for (const expected of [1_000, 2_000, 5_000, 10_000, 10_000]) {
      const before = sockets.length;
      last().close(1006);
      vi.advanceTimersByTime(expected - 1);
      expect(sockets.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(sockets.length).toBe(before + 1);
    }
    handshake();
    expect(options.onSubscribed).toHaveBeenCalledTimes(1);
    last().close(1006);
    vi.advanceTimersByTime(1_000);
    expect(sockets.length).toBe(7);
    // Retries stay "closed" until subscribed again: no flicker through "connecting".
    expect(vi.mocked(options.onStatus).mock.calls.map(([status]) => status)).toEqual([
      'connecting',
      'closed',
      'open',
      'closed',
    ]);
  });

  it('pings every 25 s and reconnects when a ping goes unanswered', () => {
    setup();
    handshake();
    vi.advanceTimersByTime(25_000);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    last().receive({ type: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(25_000);
    expect(last().readyState).toBe(3);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('refreshes the session after close code 4401 and reconnects with the new token', async () => {
    let token = 'old';
    const { options } = setup({ getAccessToken: () => token });
    last().open();
    last().receive({ type: 'error', message: 'Session expired' });
    token = 'fresh';
    last().close(4401);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(options.refreshSession).toHaveBeenCalledTimes(1);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'auth', access_token: 'fresh' });
  });

  it('re-sends auth on the open socket after a refresh, without subscribing twice', () => {
    let token = 'old';
    const { connection } = setup({ getAccessToken: () => token });
    handshake();
    token = 'fresh';
    connection.reauthenticate();
    last().receive({ type: 'ready' });
    expect(last().sent.slice(2)).toEqual([{ type: 'auth', access_token: 'fresh' }]);
  });

  it('stays closed after stop', () => {
    const { connection, options } = setup();
    handshake();
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(options.onStatus).toHaveBeenLastCalledWith('closed');
  });
});

describe('cloud scans', () => {
  it('hands a cloud.scan message to onCloudScan, not to onEvent', () => {
    const onCloudScan = vi.fn();
    const { options } = setup({ onCloudScan });
    handshake();
    const message = {
      type: 'cloud.scan',
      channel: 'scan-updates',
      event: 'UPDATE',
      record: cloudScan({ status: 'running', progress: { done: 2, total: 9, phase: 'ec2' } }),
    };
    last().receive(message);
    expect(onCloudScan).toHaveBeenCalledWith(message);
    expect(options.onEvent).not.toHaveBeenCalled();
  });
});

describe('remediation executions', () => {
  it('hands a remediation.execution message to onRemediation, not to onEvent', () => {
    const onRemediation = vi.fn();
    const { options } = setup({ onRemediation });
    handshake();
    const message = {
      type: 'remediation.execution',
      channel: 'scan-updates',
      event: 'UPDATE',
      record: { id: '6f1c1c56-4c1e-4c1a-9a59-1d3f7a1b2c3e', status: 'verified' },
    };
    last().receive(message);
    expect(onRemediation).toHaveBeenCalledWith(message);
    expect(options.onEvent).not.toHaveBeenCalled();
  });
});

describe('security alerts', () => {
  it('hands a security.alert to onSecurityAlert, not to onEvent', () => {
    const onSecurityAlert = vi.fn();
    const { options } = setup({ onSecurityAlert });
    handshake();
    const alert = {
      type: 'security.alert',
      event: {
        id: '6f1c1c56-4c1e-4c1a-9a59-1d3f7a1b2c3e',
        event_type: 'security_violation',
        severity: 'critical',
        description: 'Tampering detected',
        created_at: '2026-11-22T00:00:00.000Z',
      },
    };
    last().receive(alert);
    expect(onSecurityAlert).toHaveBeenCalledWith(alert);
    expect(options.onEvent).not.toHaveBeenCalled();
  });
});
