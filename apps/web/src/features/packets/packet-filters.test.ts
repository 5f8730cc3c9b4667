import { describe, expect, it } from 'vitest';
import {
  filterParams,
  filterQuery,
  isFiltered,
  NO_FILTERS,
  protocolOptions,
} from '@/features/packets/packet-filters';

describe('packet filters', () => {
  it('leaves out the parts that do not narrow (All protocols, empty text)', () => {
    expect(filterQuery(NO_FILTERS)).toEqual({});
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(filterQuery({ search: ' 10.0 ', protocol: 'DNS', filter: 'udp.port == 53' })).toEqual({
      search: '10.0',
      protocol: 'DNS',
      filter: 'udp.port == 53',
    });
  });

  it('builds the API query with paging', () => {
    const params = new URLSearchParams(
      filterParams(
        { search: '', protocol: 'all', filter: 'tcp.port == 80 and http' },
        { offset: 200, limit: 200 },
      ),
    );
    expect(Object.fromEntries(params)).toEqual({
      filter: 'tcp.port == 80 and http',
      offset: '200',
      limit: '200',
    });
  });

  it('offers each protocol present once, sorted', () => {
    expect(protocolOptions(['TCP', 'DNS', 'TCP', '', 'HTTP'])).toEqual(['DNS', 'HTTP', 'TCP']);
  });
});
