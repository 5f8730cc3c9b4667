import pg from 'pg';
import type { Logger } from '../lib/logger.ts';

const BACKOFF_MS = [250, 500, 1_000, 2_000, 5_000] as const;

export type Listener = { ready: Promise<void>; close: () => Promise<void> };

/**
 * Holds one dedicated connection that LISTENs on `channel` and reconnects with back-off when
 * it drops. `ready` resolves once the first LISTEN is in place.
 */
export function createListener(options: {
  url: string;
  channel: string;
  onMessage: (payload: string) => void;
  log: Logger;
}): Listener {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const retry = (current: pg.Client) => {
    if (stopped || client !== current) return;
    client = null;
    current.end().catch(() => undefined);
    const delay = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
    options.log.warn({ component: 'realtime', delay }, 'LISTEN connection lost; reconnecting');
    timer = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const current = new pg.Client({ connectionString: options.url });
    client = current;
    current.on('notification', (msg) => {
      if (msg.payload) options.onMessage(msg.payload);
    });
    current.on('error', () => retry(current));
    current.on('end', () => retry(current));
    try {
      await current.connect();
      await current.query(`LISTEN ${options.channel}`);
      attempt = 0;
      markReady();
    } catch {
      retry(current);
    }
  }

  void connect();
  return {
    ready,
    async close() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
