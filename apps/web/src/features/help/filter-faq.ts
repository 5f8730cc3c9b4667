import type { FaqCategory, FaqItem } from './faq-data';

export type FaqCategoryFilter = FaqCategory | 'all';

export type FaqFilter = { search: string; category: FaqCategoryFilter };

/**
 * Filters FAQ entries. A non-blank search matches question or answer text, ignoring case,
 * across all categories; a blank search filters by category instead.
 */
export function filterFaq(items: readonly FaqItem[], { search, category }: FaqFilter): FaqItem[] {
  const query = search.trim().toLowerCase();
  if (query !== '') {
    return items.filter(
      (item) =>
        item.question.toLowerCase().includes(query) || item.answer.toLowerCase().includes(query),
    );
  }
  if (category === 'all') return [...items];
  return items.filter((item) => item.category === category);
}
