import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  historyFromParams,
  historyToParams,
  type THistoryFilters,
} from '@/features/scans/history-filters';

/**
 * The history filters, mirrored in the URL. Changes apply at once and are merged into the
 * latest filters, not into the URL's: a router navigation can still be pending when the next
 * change comes (a second date picked right after the first). A URL the page did not write (a
 * link to the page, back or forward) replaces the filters.
 */
export function useHistoryFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const [filters, setFilters] = useState(() => historyFromParams(params));
  const latest = useRef(filters);
  const written = useRef(new Set<string>());
  const shownKey = useRef(key);
  shownKey.current = key;

  useEffect(() => {
    if (written.current.delete(key)) return;
    const fromUrl = historyFromParams(new URLSearchParams(key));
    latest.current = fromUrl;
    setFilters(fromUrl);
  }, [key]);

  const update = useCallback(
    (patch: Partial<THistoryFilters>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setFilters(next);
      const search = historyToParams(next).toString();
      if (search === shownKey.current) return;
      written.current.add(search);
      setParams(search, { replace: true });
    },
    [setParams],
  );

  return [filters, update] as const;
}
