import { describe, expect, it } from 'vitest';
import type { ProbeOutcome } from '../ports/tcp-probe.ts';
import { discoverHosts } from './discover.ts';

describe('discoverHosts', () => {
  it('counts a refused connection as proof that a loopback host is up', async () => {
    expect(await discoverHosts(['127.0.0.4', '127.0.0.5'])).toEqual(['127.0.0.4', '127.0.0.5']);
  });

  it('leaves out a host where every probe stays silent', async () => {
    const probe = async (host: string): Promise<ProbeOutcome> =>
      host === '127.0.0.9' ? { state: 'filtered', rttMs: 10 } : { state: 'closed', rttMs: 1 };
    expect(await discoverHosts(['127.0.0.8', '127.0.0.9'], { probe })).toEqual(['127.0.0.8']);
  });
});
