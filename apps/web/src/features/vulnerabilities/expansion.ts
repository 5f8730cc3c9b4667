import { useCallback, useState } from 'react';

/** Which cards are open: every card follows `allOpen` except the ones toggled one by one. */
export type TExpansion = { allOpen: boolean; toggled: ReadonlySet<string> };

/** Cards start collapsed, so a long list is a list of headlines. */
export const ALL_COLLAPSED: TExpansion = { allOpen: false, toggled: new Set() };

export function isExpanded(state: TExpansion, id: string): boolean {
  return state.allOpen !== state.toggled.has(id);
}

/** Opens a closed card or closes an open one, leaving the others as they are. */
export function toggleCard(state: TExpansion, id: string): TExpansion {
  const toggled = new Set(state.toggled);
  if (!toggled.delete(id)) toggled.add(id);
  return { allOpen: state.allOpen, toggled };
}

/** Expand all (true) or Collapse all (false): forgets the cards toggled one by one. */
export function setAllCards(open: boolean): TExpansion {
  return { allOpen: open, toggled: new Set() };
}

/** The page's expansion state; it lives above the virtualised list, so it survives scrolling. */
export function useCardExpansion() {
  const [state, setState] = useState<TExpansion>(ALL_COLLAPSED);
  return {
    /** Whether cards follow Expand all: the list's size estimate for cards not yet measured. */
    allOpen: state.allOpen,
    isExpanded: useCallback((id: string) => isExpanded(state, id), [state]),
    toggle: useCallback((id: string) => setState((s) => toggleCard(s, id)), []),
    expandAll: useCallback(() => setState(setAllCards(true)), []),
    collapseAll: useCallback(() => setState(setAllCards(false)), []),
  };
}

export type TCardExpansion = ReturnType<typeof useCardExpansion>;
