import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../types.ts';
import { startLiveCapture } from './index.ts';

/** A loopback TCP server answering "hi" to each connection. */
async function startServer(): Promise<net.Server & { port: number }> {
  const server = net.createServer((socket) => socket.end('hi'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, { port: (server.address() as net.AddressInfo).port });
}

/** Connects to 127.0.0.1:port every 50 ms until stopped: real traffic for the capture to see. */
function connectRepeatedly(ports: number[]): () => void {
  const timer = setInterval(() => {
    for (const port of ports)
      net
        .connect(port, '127.0.0.1')
        .on('error', () => {})
        .resume();
  }, 50);
  return () => clearInterval(timer);
}

/** [source port, destination port, TCP flags] of an Ethernet / IPv4 / TCP frame. */
function tcpOf(frame: Frame): [number, number, number] | null {
  const d = frame.data;
  if (d[12] !== 0x08 || d[13] !== 0x00 || d[23] !== 6) return null;
  const at = 14 + (d[14]! & 0x0f) * 4;
  return [(d[at]! << 8) | d[at + 1]!, (d[at + 2]! << 8) | d[at + 3]!, d[at + 13]!];
}

describe('live capture on lo through tcpdump', () => {
  let watched: net.Server & { port: number };
  let other: net.Server & { port: number };
  beforeAll(async () => {
    watched = await startServer();
    other = await startServer();
  });
  afterAll(() => {
    watched.close();
    other.close();
  });

  it('streams the frames its filter selects while it runs, and stops on request', async () => {
    const live = startLiveCapture({
      interface: 'lo',
      bpf: `tcp port ${watched.port}`,
      maxSeconds: 15,
    });
    const stopTraffic = connectRepeatedly([watched.port, other.port]);
    const frames: Frame[] = [];
    let stoppedAt = 0;
    try {
      for await (const frame of live.frames) {
        frames.push(frame);
        if (frames.length === 40) {
          stoppedAt = Date.now();
          live.stop();
        }
      }
    } finally {
      stopTraffic();
    }
    expect(await live.ended).toEqual({ reason: null });
    expect(Date.now() - stoppedAt).toBeLessThan(3000);
    expect(frames.length).toBeGreaterThanOrEqual(40);
    expect(frames.map((f) => f.number)).toEqual(frames.map((_, i) => i + 1));
    const tcp = frames.map(tcpOf);
    // Only the watched port, and the connection openings (SYN) are among them.
    expect(tcp.every((t) => t !== null && (t[0] === watched.port || t[1] === watched.port))).toBe(
      true,
    );
    expect(tcp.some((t) => t![1] === watched.port && t![2] === 0x02)).toBe(true);
    for (const frame of frames) {
      expect(frame.linkType).toBe(1);
      expect(Math.abs(frame.seconds - Date.now() / 1000)).toBeLessThan(60);
    }
  });

  it('stops by itself after maxSeconds', async () => {
    const started = Date.now();
    const live = startLiveCapture({ interface: 'lo', bpf: 'tcp port 9', maxSeconds: 1 });
    for await (const _ of live.frames) {
    }
    expect(await live.ended).toEqual({
      reason: 'The capture stopped after its time limit of 1 seconds',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops when its signal is aborted, or when the reader stops reading', async () => {
    const controller = new AbortController();
    const live = startLiveCapture({ interface: 'lo', maxSeconds: 15, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    for await (const _ of live.frames) {
    }
    expect(await live.ended).toEqual({ reason: null });

    const second = startLiveCapture({
      interface: 'lo',
      bpf: `tcp port ${watched.port}`,
      maxSeconds: 15,
    });
    const stopTraffic = connectRepeatedly([watched.port]);
    for await (const _ of second.frames) break;
    stopTraffic();
    expect(await second.ended).toEqual({ reason: null });
  });

  it('ends on stop even when nobody reads its frames', async () => {
    // 4 MB through a watched port: more than the pipe and the stream buffer hold unread.
    const bulk = net.createServer((socket) => socket.end(Buffer.alloc(4 << 20)));
    await new Promise<void>((resolve) => bulk.listen(0, '127.0.0.1', resolve));
    const port = (bulk.address() as net.AddressInfo).port;
    const live = startLiveCapture({ interface: 'lo', bpf: `tcp port ${port}`, maxSeconds: 15 });
    const stopTraffic = connectRepeatedly([port]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    live.stop();
    stopTraffic();
    expect(await live.ended).toEqual({ reason: null });
    bulk.close();
  });

  it("ends with tcpdump's message for an unknown interface or a bad filter", async () => {
    const noDevice = startLiveCapture({ interface: 'nosuch0', maxSeconds: 10 });
    const frames: Frame[] = [];
    for await (const frame of noDevice.frames) frames.push(frame);
    expect(frames).toEqual([]);
    expect((await noDevice.ended).reason).toMatch(/^tcpdump: nosuch0: No such device exists/);

    const badFilter = startLiveCapture({ interface: 'lo', bpf: 'tcp prot 80', maxSeconds: 10 });
    for await (const frame of badFilter.frames) frames.push(frame);
    expect(await badFilter.ended).toEqual({
      reason: "tcpdump: can't parse filter expression: syntax error",
    });
  });

  it('explains a missing tcpdump', async () => {
    const live = startLiveCapture({
      interface: 'lo',
      maxSeconds: 5,
      tcpdumpPath: '/nonexistent/tcpdump',
    });
    for await (const _ of live.frames) {
    }
    expect(await live.ended).toEqual({
      reason: 'Live capture needs tcpdump on the server: apt-get install tcpdump',
    });
  });
});
