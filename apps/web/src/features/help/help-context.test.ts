import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from './faq-data';
import { helpContextOf, quickHelpItems } from './help-context';

describe('helpContextOf', () => {
  it('opens help in the context of the page', () => {
    expect(helpContextOf('/dashboard/scan')).toBe('scanning');
    expect(helpContextOf('/dashboard/scans/0b3c6a4e-1f7a-4c5e-9d1a-2b7e3f8a9c10')).toBe('scanning');
    expect(helpContextOf('/dashboard/packets')).toBe('scanning');
    expect(helpContextOf('/dashboard/vulnerabilities')).toBe('vulnerabilities');
    expect(helpContextOf('/dashboard/cloud')).toBe('cloud');
    expect(helpContextOf('/dashboard')).toBe('general');
    expect(helpContextOf('/dashboard/settings')).toBe('general');
  });
});

describe('quickHelpItems', () => {
  it("lists the context's entries only", () => {
    const cloud = quickHelpItems(FAQ_ITEMS, 'cloud', '');
    expect(cloud.map((item) => item.category)).toEqual(expect.arrayContaining(['cloud-security']));
    expect(new Set(cloud.map((item) => item.category))).toEqual(new Set(['cloud-security']));
    const scanning = new Set(quickHelpItems(FAQ_ITEMS, 'scanning', '').map((i) => i.category));
    expect(scanning).toEqual(new Set(['scanning', 'packet-analysis']));
  });

  it('matches question or answer text within the context, ignoring case', () => {
    const found = quickHelpItems(FAQ_ITEMS, 'scanning', '  ESTIMATES IT ');
    expect(found.map((item) => item.id)).toEqual(['scan-duration']);
    expect(quickHelpItems(FAQ_ITEMS, 'cloud', 'estimates it')).toEqual([]);
  });
});
