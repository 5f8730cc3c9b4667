import { describe, expect, it } from 'vitest';
import type { FaqItem } from './faq-data';
import { FAQ_CATEGORIES, FAQ_ITEMS } from './faq-data';
import { filterFaq } from './filter-faq';

const items: FaqItem[] = [
  {
    id: 'tcp',
    category: 'scanning',
    question: 'How does NetGuard scan ports?',
    answer: 'It runs TCP connect scans.',
  },
  {
    id: 'pcap',
    category: 'packet-analysis',
    question: 'Can I import a capture?',
    answer: 'Yes, pcap and pcapng files.',
  },
  {
    id: 'export',
    category: 'reporting',
    question: 'Which export formats exist?',
    answer: 'PDF, CSV and JSON.',
  },
];

const ids = (result: FaqItem[]) => result.map((item) => item.id);

describe('filterFaq', () => {
  it('returns every entry with no search and the All category', () => {
    expect(ids(filterFaq(items, { search: '', category: 'all' }))).toEqual([
      'tcp',
      'pcap',
      'export',
    ]);
  });

  it('matches the question text', () => {
    expect(ids(filterFaq(items, { search: 'export formats', category: 'all' }))).toEqual([
      'export',
    ]);
  });

  it('matches the answer text', () => {
    expect(ids(filterFaq(items, { search: 'pcapng', category: 'all' }))).toEqual(['pcap']);
  });

  it('ignores case in both the search and the text', () => {
    expect(ids(filterFaq(items, { search: 'tCp CONNECT', category: 'all' }))).toEqual(['tcp']);
    expect(ids(filterFaq(items, { search: 'json', category: 'all' }))).toEqual(['export']);
  });

  it('filters by category when there is no search', () => {
    expect(ids(filterFaq(items, { search: '', category: 'packet-analysis' }))).toEqual(['pcap']);
  });

  it('treats a blank search as no search', () => {
    expect(ids(filterFaq(items, { search: '   ', category: 'reporting' }))).toEqual(['export']);
  });

  it('searches all categories, overriding the selected one', () => {
    expect(ids(filterFaq(items, { search: 'pcap', category: 'reporting' }))).toEqual(['pcap']);
  });

  it('returns an empty list when nothing matches', () => {
    expect(filterFaq(items, { search: 'kubernetes', category: 'all' })).toEqual([]);
  });
});

describe('FAQ_ITEMS', () => {
  it('has at least three entries in every category, with unique ids', () => {
    for (const category of FAQ_CATEGORIES) {
      const count = filterFaq(FAQ_ITEMS, { search: '', category: category.value }).length;
      expect(count, category.value).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(FAQ_ITEMS.length);
  });
});
