import { describe, expect, it } from 'vitest';
import { parseHelpTab } from './help-tabs';

describe('parseHelpTab', () => {
  it('opens the tab named in the query', () => {
    expect(parseHelpTab('features')).toBe('features');
    expect(parseHelpTab('faq')).toBe('faq');
    expect(parseHelpTab('user-guide')).toBe('user-guide');
  });

  it('falls back to the User Guide when the tab is missing or unknown', () => {
    expect(parseHelpTab(null)).toBe('user-guide');
    expect(parseHelpTab('')).toBe('user-guide');
    expect(parseHelpTab('billing')).toBe('user-guide');
    expect(parseHelpTab('FAQ')).toBe('user-guide');
  });
});
