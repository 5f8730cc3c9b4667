import { describe, expect, it } from 'vitest';
import { ALL_COLLAPSED, isExpanded, setAllCards, toggleCard } from './expansion';

describe('card expansion', () => {
  it('starts collapsed and opens one card at a time', () => {
    expect(isExpanded(ALL_COLLAPSED, 'a')).toBe(false);
    const opened = toggleCard(ALL_COLLAPSED, 'a');
    expect(isExpanded(opened, 'a')).toBe(true);
    expect(isExpanded(opened, 'b')).toBe(false);
    expect(isExpanded(toggleCard(opened, 'a'), 'a')).toBe(false);
  });

  it('expands or collapses every card, then lets one differ', () => {
    const all = setAllCards(true);
    expect(['a', 'b', 'c'].every((id) => isExpanded(all, id))).toBe(true);
    const oneClosed = toggleCard(all, 'b');
    expect(isExpanded(oneClosed, 'b')).toBe(false);
    expect(isExpanded(oneClosed, 'c')).toBe(true);
    expect(isExpanded(setAllCards(false), 'c')).toBe(false);
    expect(isExpanded(toggleCard(setAllCards(false), 'b'), 'b')).toBe(true);
  });
});
