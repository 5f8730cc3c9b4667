import { describe, expect, it } from 'vitest';
import { createMatchCache } from './packets.matches.ts';

const list = (...numbers: number[]) => Promise.resolve(Uint32Array.from(numbers));

describe('createMatchCache', () => {
  it('computes a capture’s filters once, even for requests that arrive together', async () => {
    const cache = createMatchCache(4);
    let passes = 0;
    const compute = () => {
      passes += 1;
      return list(1, 5, 9);
    };
    const [a, b] = await Promise.all([
      cache.get('c1', 'f', compute),
      cache.get('c1', 'f', compute),
    ]);
    expect([...a]).toEqual([1, 5, 9]);
    expect(b).toBe(a);
    await cache.get('c1', 'f', compute);
    expect(passes).toBe(1);
  });

  it('forgets the least recently used lists past its size, and every list of a deleted capture', async () => {
    const cache = createMatchCache(2);
    let passes = 0;
    const compute = () => {
      passes += 1;
      return list(passes);
    };
    await cache.get('c1', 'a', compute);
    await cache.get('c1', 'b', compute);
    await cache.get('c1', 'a', compute); // a is now the most recent
    await cache.get('c2', 'a', compute); // evicts c1/b
    expect(passes).toBe(3);
    await cache.get('c1', 'a', compute);
    expect(passes).toBe(3);
    await cache.get('c1', 'b', compute);
    expect(passes).toBe(4);
    cache.evict('c1');
    await cache.get('c1', 'b', compute);
    expect(passes).toBe(5);
  });

  it('runs at most two passes at once; the others wait their turn', async () => {
    const cache = createMatchCache(8, 2);
    let running = 0;
    let most = 0;
    const compute = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return Uint32Array.of(1);
    };
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((f) => cache.get('c1', f, compute)));
    expect(most).toBe(2);
  });

  it('does not keep a failed pass: the next request tries again', async () => {
    const cache = createMatchCache(2);
    await expect(cache.get('c1', 'f', () => Promise.reject(new Error('gone')))).rejects.toThrow(
      'gone',
    );
    expect([...(await cache.get('c1', 'f', () => list(7)))]).toEqual([7]);
  });
});
