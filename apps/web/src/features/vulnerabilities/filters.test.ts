import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  DEFAULT_FILTERS,
  dueText,
  filtersFromParams,
  filtersToParams,
  isFiltered,
} from './filters';

describe('vulnerability filters', () => {
  it('round-trips through the URL and drops unknown values', () => {
    const f = {
      ...DEFAULT_FILTERS,
      search: 'CVE-2024',
      severity: 'high' as const,
      overdue: true,
      muted: 'all' as const,
    };
    expect(filtersFromParams(filtersToParams(f))).toEqual(f);
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('severity=urgent&sort=x'))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it('builds the API query with paging', () => {
    expect(apiQuery(DEFAULT_FILTERS, { limit: 100, offset: 200 })).toBe(
      'search=&severity=all&status=all&state=all&overdue=false&muted=unmuted&sort=newest&limit=100&offset=200',
    );
  });

  it('knows when the list is narrowed', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'risk' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, status: 'mitigated' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, muted: 'muted' })).toBe(true);
  });

  it('says when an open vulnerability is due', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const open = { mitigated: false, state: 'open' as const };
    expect(dueText({ ...open, due_at: '2026-11-22T17:30:00Z' }, now)).toBe('Due in 5 h');
    expect(dueText({ ...open, due_at: '2026-11-20T11:00:00Z' }, now)).toBe('Overdue by 2 d');
    expect(dueText({ ...open, due_at: null }, now)).toBeNull();
    expect(dueText({ ...open, mitigated: true, due_at: '2026-11-20T11:00:00Z' }, now)).toBeNull();
  });
});
