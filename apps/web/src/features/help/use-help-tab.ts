import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type HelpTab, parseHelpTab } from './help-tabs';

/**
 * The active help tab lives in the `tab` query parameter so that links such as
 * /help?tab=features open the right tab and a reload keeps it.
 */
export function useHelpTab(): [HelpTab, (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseHelpTab(searchParams.get('tab'));

  const selectTab = useCallback(
    (next: string) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set('tab', parseHelpTab(next));
          return params;
        },
        // Switching tabs should not fill the back button with one entry per click.
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return [tab, selectTab];
}
