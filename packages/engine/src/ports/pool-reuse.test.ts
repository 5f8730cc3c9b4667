import { describe, expect, it } from 'vitest';
import { testResources } from '../../../../scripts/testing/current.ts';
import { borrowTcpPool, returnTcpPool } from './pool-reuse.ts';

// Ports 1-3 of an address of the file's block, where nothing listens.
const HOST = testResources().host(1);

describe('borrowTcpPool', () => {
  it('hands the next run the threads the last one returned, if they fit and still run', async () => {
    const first = borrowTcpPool(2);
    await first.scan([HOST], [1, 2, 3]);
    returnTcpPool(first);
    const second = borrowTcpPool(2);
    expect(second).toBe(first);
    const stats = await second.scan([HOST], [1, 2, 3]);
    expect(stats.closed).toBe(3);
    returnTcpPool(second);
    const other = borrowTcpPool(1);
    expect(other).not.toBe(first);
    await other.close();
    expect(other.alive).toBe(false);
    returnTcpPool(other);
    const fresh = borrowTcpPool(1);
    expect(fresh).not.toBe(other);
    expect(fresh.alive).toBe(true);
    await fresh.close();
  });
});
