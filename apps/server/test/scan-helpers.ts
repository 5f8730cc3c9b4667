import http from 'node:http';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import { testResources } from '../../../scripts/testing/current.ts';
import type { Account, TestContext } from './helpers.ts';

export type ScanBody = {
  scan_name?: string;
  scan_type?: string;
  target_hosts?: string[];
  ports?: string;
};

/** Creates a scan; without `target_hosts`, of the first address of the test file's block. */
export function createScan(ctx: TestContext, owner: Account, body: ScanBody = {}) {
  const target_hosts = [testResources().host(1)];
  return ctx.app.inject({
    method: 'POST',
    url: '/api/scans',
    headers: owner.auth,
    payload: { scan_name: 'Loopback', scan_type: 'network', target_hosts, ...body },
  });
}

export function scanAction(
  ctx: TestContext,
  owner: Account,
  id: string,
  action: 'start' | 'cancel',
) {
  return ctx.app.inject({ method: 'POST', url: `/api/scans/${id}/${action}`, headers: owner.auth });
}

export function getScan(ctx: TestContext, owner: Account, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/scans/${id}`, headers: owner.auth });
}

/** Polls `check` every 100 ms until it returns a value, or fails after `ms`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await delay(100);
  }
  throw new Error(`condition not met within ${ms} ms`);
}

/** Creates and starts a scan and waits until it reaches one of `ends`; returns the scan then. */
export async function runScan(
  ctx: TestContext,
  owner: Account,
  body: ScanBody,
  { ms = 45_000, ends = ['completed', 'failed', 'cancelled'] } = {},
) {
  const created = await createScan(ctx, owner, body);
  if (created.statusCode !== 201)
    throw new Error(`create answered ${created.statusCode} ${created.body}`);
  const scan = created.json();
  const started = await scanAction(ctx, owner, scan.id, 'start');
  if (started.statusCode !== 202)
    throw new Error(`start answered ${started.statusCode} ${started.body}`);
  return waitFor(async () => {
    const res = (await getScan(ctx, owner, scan.id)).json();
    return ends.includes(res.status) ? res : null;
  }, ms);
}

export type Message = { type: string; [key: string]: unknown };

/** A WebSocket client that records every message it receives (on /api/realtime unless `path`). */
export async function openSocket(baseUrl: string, path = '/api/realtime') {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`);
  const messages: Message[] = [];
  let closeCode: number | null = null;
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  socket.on('close', (code) => {
    closeCode = code;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // A reset after the handshake shows as a close (closeCode), not as an uncaught error.
  socket.on('error', () => undefined);
  const send = (message: object) => socket.send(JSON.stringify(message));
  const next = (type: string, ms = 5_000) =>
    waitFor(async () => messages.find((m) => m.type === type), ms);
  return {
    socket,
    messages,
    send,
    next,
    closeCode: () => closeCode,
    /** Authenticates and subscribes to scan-updates. */
    async join(token: string) {
      send({ type: 'auth', access_token: token });
      await next('ready');
      send({ type: 'subscribe', channel: 'scan-updates' });
      await next('subscribed');
    },
    events: (table?: string) =>
      messages.filter((m) => m.type === 'event' && (!table || m.table === table)) as (Message & {
        table: string;
        event: string;
        record: Record<string, unknown>;
      })[],
    close: () => socket.terminate(),
  };
}

/**
 * An HTTP server without security headers on the first free port of `ports` at `host`: an
 * address of the test file's block (testResources().host(n)), where these fixed ports are its own.
 */
export async function startPlainHttp(ports: number[], host: string) {
  for (const port of ports) {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', server: 'TestServer' });
      res.end('<html><body>hello</body></html>');
    });
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, host, () => resolve(true));
    });
    const close = () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
    if (ok) return { port, close };
  }
  throw new Error(`none of the ports ${ports.join(', ')} is free`);
}

/** A TCP service that greets with an SSH banner after `delayMs`: service detection waits for it. */
export async function startSlowBanner(host: string, port: number, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    const timer = setTimeout(() => s.write('SSH-2.0-OpenSSH_9.6\r\n'), delayMs);
    s.on('close', () => {
      clearTimeout(timer);
      sockets.delete(s);
    });
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
