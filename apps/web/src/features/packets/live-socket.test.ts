import { REALTIME_CLOSE_UNAUTHORIZED } from '@netguard/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  openLiveSocket,
  STOP_GRACE_MS,
  type TLiveSocketOptions,
} from '@/features/packets/live-socket';
import { testPacket } from '@/features/packets/test-packets';

class FakeSocket {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
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

let sockets: FakeSocket[];
const last = () => sockets.at(-1) as FakeSocket;

function setup(overrides: Partial<TLiveSocketOptions> = {}) {
  const options = {
    url: 'ws://127.0.0.1/api/packets/live',
    capture: { interface: 'lo', bpf: 'tcp port 8080' },
    getAccessToken: vi.fn(() => 'token-1'),
    refreshSession: vi.fn(async () => true),
    onEvent: vi.fn(),
    onLost: vi.fn(),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    ...overrides,
  };
  return { options, live: openLiveSocket(options) };
}

function startCapture() {
  last().open();
  last().receive({ type: 'ready' });
  last().receive({ type: 'started', interface: 'lo', bpf: 'tcp port 8080' });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('openLiveSocket', () => {
  it('authenticates, then asks to start on the chosen interface with the BPF', () => {
    const { options } = setup();
    startCapture();
    expect(last().sent).toEqual([
      { type: 'auth', access_token: 'token-1' },
      { type: 'start', interface: 'lo', bpf: 'tcp port 8080' },
    ]);
    expect(options.onEvent).toHaveBeenCalledWith({
      type: 'started',
      interface: 'lo',
      bpf: 'tcp port 8080',
    });
  });

  it('passes packet batches on and drops malformed ones', () => {
    const { options } = setup();
    startCapture();
    last().receive({ type: 'packets', packets: [testPacket({ id: 7 })] });
    last().receive({ type: 'packets', packets: [{ id: 'x' }] });
    const batches = vi.mocked(options.onEvent).mock.calls.filter(([e]) => e.type === 'packets');
    expect(batches).toHaveLength(1);
  });

  it('sends stop, and closes once the server says stopped', () => {
    const { options, live } = setup();
    startCapture();
    live.stop();
    expect(last().sent.at(-1)).toEqual({ type: 'stop' });
    last().receive({ type: 'stopped', reason: null });
    expect(last().closedWith).toBe(1000);
    expect(options.onEvent).toHaveBeenLastCalledWith({ type: 'stopped', reason: null });
    expect(options.onLost).not.toHaveBeenCalled();
  });

  it('closes by itself and reports stopped when the server never answers the stop', () => {
    const { options, live } = setup();
    startCapture();
    live.stop();
    vi.advanceTimersByTime(STOP_GRACE_MS);
    expect(last().closedWith).toBe(1000);
    expect(options.onEvent).toHaveBeenLastCalledWith({ type: 'stopped', reason: null });
  });

  it('ends on an error before the capture started (a bad BPF)', () => {
    const { options } = setup();
    last().open();
    last().receive({ type: 'ready' });
    last().receive({ type: 'error', message: 'tcpdump: syntax error in filter expression' });
    expect(options.onEvent).toHaveBeenLastCalledWith({
      type: 'error',
      message: 'tcpdump: syntax error in filter expression',
    });
    expect(last().closedWith).toBe(1000);
    expect(options.onLost).not.toHaveBeenCalled();
  });

  it('renews a refused token once and tries again, without reconnecting after a drop', async () => {
    const { options } = setup();
    last().open();
    last().receive({ type: 'error', message: 'Session expired' });
    last().close(REALTIME_CLOSE_UNAUTHORIZED);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(options.onEvent).not.toHaveBeenCalled();
    expect(options.refreshSession).toHaveBeenCalledTimes(1);
    startCapture();
    last().close(1006);
    expect(options.onLost).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets).toHaveLength(2);
  });

  it('reports the server refusal when the renewed token is refused too', async () => {
    const { options } = setup({ refreshSession: vi.fn(async () => false) });
    last().open();
    last().receive({ type: 'error', message: 'You must be signed in' });
    last().close(REALTIME_CLOSE_UNAUTHORIZED);
    await vi.waitFor(() => expect(options.onLost).toHaveBeenCalledWith('You must be signed in'));
    expect(sockets).toHaveLength(1);
  });

  it('reports stopped at once when stopped before the capture began', () => {
    const { options, live } = setup();
    last().open();
    live.stop();
    expect(last().closedWith).toBe(1000);
    expect(options.onEvent).toHaveBeenCalledWith({ type: 'stopped', reason: null });
  });

  it('calls a peer that stops answering pings lost', () => {
    const { options } = setup();
    startCapture();
    vi.advanceTimersByTime(25_000 * 2);
    expect(options.onLost).toHaveBeenCalledTimes(1);
  });
});
