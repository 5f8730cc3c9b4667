import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { activeFilters, compileFilters, filtersKey } from './packets.filters.ts';

describe('activeFilters', () => {
  it('sees no filter in an empty search, the All protocol and a blank display filter', () => {
    expect(activeFilters({})).toBeNull();
    expect(activeFilters({ search: ' ', protocol: 'All', filter: '  ' })).toBeNull();
    expect(activeFilters({ protocol: 'DNS' })).toEqual({ protocol: 'DNS' });
  });

  it('keys filters that match the same packets alike, whatever the case of search and protocol', () => {
    const a = filtersKey(activeFilters({ search: 'GET', protocol: 'http' }) ?? {});
    const b = filtersKey(activeFilters({ search: 'get', protocol: 'HTTP' }) ?? {});
    expect(a).toBe(b);
    // Display filter strings compare case-sensitively, as in Wireshark.
    const c = filtersKey({ filter: 'http.host == "A"' });
    expect(c).not.toBe(filtersKey({ filter: 'http.host == "a"' }));
  });

  it('turns a display filter that does not parse into a 400', () => {
    expect(() => compileFilters({ filter: 'tcp.port ==' })).toThrow(AppError);
    try {
      compileFilters({ filter: 'tcp.port ==' });
    } catch (error) {
      expect((error as AppError).status).toBe(400);
    }
  });
});
