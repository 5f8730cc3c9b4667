import { describe, expect, it } from 'vitest';
import { CRITICAL_EVENTS, eventsSearch, readEventFilters, readTab } from './event-filters';

describe('event filters in the address', () => {
  it('hides per-request permission grants unless the address asks for them', () => {
    expect(readEventFilters(new URLSearchParams())).toEqual({
      type: 'all',
      severity: 'all',
      window: 'all',
      grants: 'hide',
    });
    expect(readEventFilters(new URLSearchParams('grants=show')).grants).toBe('show');
  });

  it('links the Critical Alerts card to the critical events of the last 24 hours', () => {
    const search = eventsSearch(CRITICAL_EVENTS);
    expect(search).toBe('tab=events&severity=critical&window=24h');
    const params = new URLSearchParams(search);
    expect(readTab(params)).toBe('events');
    expect(readEventFilters(params)).toEqual(CRITICAL_EVENTS);
  });

  it('reads unknown values as the defaults', () => {
    const params = new URLSearchParams('tab=nope&severity=huge&window=1y&type=x');
    expect(readTab(params)).toBe('incidents');
    expect(readEventFilters(params)).toMatchObject({ type: 'all', severity: 'all', window: 'all' });
  });
});
