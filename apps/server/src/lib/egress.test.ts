import { describe, expect, it } from 'vitest';
import { createServerEgress, databaseEndpoint, hostAddresses } from './egress.ts';

const tenantRefused = (
  egress: ReturnType<typeof createServerEgress>,
  address: string,
  port: number,
) => egress.policy().check(address, port, { operator: false });

describe("the server's egress policy", () => {
  it('reads the database endpoint of a URL, and none of a Unix socket', () => {
    expect(databaseEndpoint('postgres://u:p@127.0.0.1:54329/netguard')).toEqual({
      address: '127.0.0.1',
      port: 54329,
    });
    expect(databaseEndpoint('postgresql://db.internal/netguard')).toEqual({
      address: 'db.internal',
      port: 5432,
    });
    expect(databaseEndpoint('postgres://u@/netguard?host=/var/run/postgresql')).toBeUndefined();
    expect(databaseEndpoint('not a url')).toBeUndefined();
    expect(databaseEndpoint(undefined)).toBeUndefined();
  });

  it("keeps tenants off the database and the listeners, allowed range or not, and knows this host's addresses", async () => {
    const egress = createServerEgress({
      allowedRanges: ['127.0.0.0/8'],
      deniedRanges: [],
      databaseUrls: ['postgres://u:p@127.0.0.1:5999/x', undefined],
      listeners: [{ address: '0.0.0.0', port: 0 }],
      isOperator: async (id) => id === 'operator',
    });
    expect(tenantRefused(egress, '127.0.0.1', 5999)).toMatchObject({ allowed: false });
    expect(tenantRefused(egress, '127.0.0.1', 4000)).toEqual({ allowed: true });
    // PORT=0: the real port is added once the server listens.
    egress.listening({ address: '0.0.0.0', port: 4000 });
    expect(tenantRefused(egress, '127.0.0.1', 4000)).toMatchObject({
      allowed: false,
      reason: "127.0.0.1 port 4000 is this deployment's own service",
    });
    expect((await egress.forUser('operator')).who).toEqual({ operator: true });
    expect((await egress.forUser('someone')).who).toEqual({ operator: false });
    expect(hostAddresses()).toContain('127.0.0.1');
  });
});
