import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createHeartbeat, readJson, socketUrl } from '@/lib/json-socket';

describe('socketUrl', () => {
  it('uses wss: on an https page and ws: otherwise', () => {
    expect(socketUrl({ protocol: 'https:', host: 'ng.example' }, '/api/realtime')).toBe(
      'wss://ng.example/api/realtime',
    );
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, '/api/packets/live')).toBe(
      'ws://127.0.0.1:8080/api/packets/live',
    );
  });
});

describe('readJson', () => {
  const schema = z.object({ type: z.literal('pong') });
  it('parses a message the schema accepts and ignores anything else', () => {
    expect(readJson('{"type":"pong"}', schema)).toEqual({ type: 'pong' });
    expect(readJson('{"type":"other"}', schema)).toBeNull();
    expect(readJson('not json', schema)).toBeNull();
    expect(readJson(new ArrayBuffer(2), schema)).toBeNull();
  });
});

describe('createHeartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings every interval while pongs come back, and calls a silent peer dead', () => {
    const ping = vi.fn();
    const onDead = vi.fn();
    const heartbeat = createHeartbeat({ intervalMs: 1000, ping, onDead });
    heartbeat.start();
    vi.advanceTimersByTime(1000);
    heartbeat.pong();
    vi.advanceTimersByTime(1000);
    expect(ping).toHaveBeenCalledTimes(2);
    expect(onDead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onDead).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('stops pinging when stopped', () => {
    const ping = vi.fn();
    const heartbeat = createHeartbeat({ intervalMs: 1000, ping, onDead: vi.fn() });
    heartbeat.start();
    heartbeat.stop();
    vi.advanceTimersByTime(5000);
    expect(ping).not.toHaveBeenCalled();
  });
});
